import { Link } from 'react-router-dom';

/** Previous / Next links and "Page X of Y"; the page lives in the address so it can be shared. */
export function Pager({
  page,
  pages,
  pathFor,
  label,
}: {
  page: number;
  pages: number;
  pathFor: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link className="button button-small" to={pathFor(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="button button-small pager-placeholder" aria-hidden="true">
          Previous
        </span>
      )}
      <span className="pager-status">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="button button-small" to={pathFor(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className="button button-small pager-placeholder" aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
