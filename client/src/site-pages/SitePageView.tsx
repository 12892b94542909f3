import { SITE_PAGE_ENDPOINTS, type SitePage, type SitePageSlug } from '@shared/pages/site-pages.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDate } from '../format/dates.js';
import { SafeMarkdown } from './SafeMarkdown.js';

/** /terms or /privacy: the admin-edited text under the page's title. */
export function SitePageView({ slug, title }: { slug: SitePageSlug; title: string }) {
  const page = useApiData<SitePage>(SITE_PAGE_ENDPOINTS.page(slug));
  return (
    <article className="page prose">
      <h1>{title}</h1>
      {page.failure ? (
        <ErrorState failure={page.failure} onRetry={page.reload} />
      ) : !page.data ? (
        <LoadingState label={`Loading the ${title.toLowerCase()}…`} />
      ) : (
        <>
          <div data-testid="site-page-text">
            <SafeMarkdown markdown={page.data.markdown} />
          </div>
          <p className="muted">Last updated {formatDate(page.data.updatedAt)}.</p>
        </>
      )}
    </article>
  );
}
