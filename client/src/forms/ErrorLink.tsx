import { Link } from 'react-router-dom';

/** The optional link of an error item: in-app paths through the router, anything else as is. */
export function ErrorLink({ href }: { href: string }) {
  const label = 'Click here';
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{label}</Link>;
  return <a href={href}>{label}</a>;
}
