import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import {
  SITE_PAGE_ENDPOINTS,
  SITE_PAGE_LIMITS,
  sitePagePayloadSchema,
  type SitePage,
  type SitePageSlug,
} from '@shared/pages/site-pages.js';
import { api } from '../../api/api.js';
import { useApiData } from '../../api/useApiData.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { schemaFieldErrors } from '../../forms/schemaFieldErrors.js';
import { SubmitButton } from '../../forms/SubmitButton.js';
import { useForm } from '../../forms/useForm.js';
import { formatDateTime } from '../../format/dates.js';
import { SafeMarkdown } from '../../site-pages/SafeMarkdown.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { TextAreaField } from '../fields/TextAreaField.js';

export const SITE_PAGE_TITLES: Record<SitePageSlug, { title: string; path: string }> = {
  terms: { title: 'Terms of use', path: PATHS.terms },
  privacy: { title: 'Privacy', path: PATHS.privacy },
};

/** /admin/pages: the pages admins write, each with a link to its editor. */
export function AdminPagesTab() {
  return (
    <section aria-labelledby="admin-pages-heading">
      <h2 id="admin-pages-heading" className="section-heading">
        Pages
      </h2>
      <p>These pages are written in Markdown; changes show to everyone at once.</p>
      <ul className="admin-announcements">
        {(Object.keys(SITE_PAGE_TITLES) as SitePageSlug[]).map((slug) => (
          <li key={slug} className="admin-announcement">
            <div className="admin-announcement-head">
              <h3 className="admin-announcement-heading">{SITE_PAGE_TITLES[slug].title}</h3>
              <span>
                <Link to={ADMIN_PATHS.page(slug)}>Edit {SITE_PAGE_TITLES[slug].title}</Link> ·{' '}
                <Link to={SITE_PAGE_TITLES[slug].path}>View</Link>
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin/pages/:slug: the page's Markdown in a text box beside a live preview, as visitors will see it. */
export function SitePageEditor({ slug }: { slug: SitePageSlug }) {
  const page = useApiData<SitePage>(SITE_PAGE_ENDPOINTS.page(slug));
  const { title } = SITE_PAGE_TITLES[slug];
  return (
    <section aria-labelledby="admin-page-heading">
      <p className="admin-back">
        <Link to={ADMIN_PATHS.pages}>← Pages</Link>
      </p>
      <h2 id="admin-page-heading" className="section-heading">
        Edit {title}
      </h2>
      {page.failure ? (
        <ErrorState failure={page.failure} onRetry={page.reload} />
      ) : !page.data ? (
        <LoadingState label="Loading the page…" />
      ) : (
        <PageForm key={page.data.updatedAt} page={page.data} />
      )}
    </section>
  );
}

function PageForm({ page }: { page: SitePage }) {
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<{ markdown: string }, SitePage>({
    initialValues: { markdown: page.markdown },
    validate: (values) => schemaFieldErrors(sitePagePayloadSchema, values, ['markdown'] as const),
    submit: (values) => api.put<SitePage>(SITE_PAGE_ENDPOINTS.edit(page.slug), values),
    onSuccess: (answer) => setSaved(answer ? `Saved at ${formatDateTime(answer.updatedAt)}.` : 'Saved.'),
  });
  const markdown = form.field('markdown');
  return (
    <div className="announcement-editor">
      <form ref={form.formRef} className="form" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormAlert errors={form.formErrors} />
        <TextAreaField
          label="Text (Markdown)"
          hint="# and ## for headings, - for lists, [words](/contact) for links. HTML and images are not shown."
          rows={20}
          maxLength={SITE_PAGE_LIMITS.markdown}
          name="markdown"
          value={markdown.value}
          error={markdown.error}
          onValue={(value) => {
            setSaved(null);
            form.setValue('markdown', value);
          }}
        />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            Save
          </SubmitButton>
        </div>
        <p role="status" className="form-status">
          {saved ?? ''}
        </p>
      </form>
      <section className="announcement-preview" aria-labelledby="admin-page-preview">
        <h3 id="admin-page-preview" className="announcement-preview-title">
          Preview
        </h3>
        <div className="announcement-preview-stage prose" data-testid="admin-page-preview">
          <SafeMarkdown markdown={markdown.value} />
        </div>
      </section>
    </div>
  );
}
