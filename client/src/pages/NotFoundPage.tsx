import { Link } from 'react-router-dom';
import { usePageTitle } from './usePageTitle.js';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="page page-centered">
      <h1>Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <Link className="button button-primary" to="/">
        Go to the home page
      </Link>
    </div>
  );
}
