import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { ADMIN_SITE_SETTINGS_ENDPOINTS, type SiteSettings, type SiteSettingsAnswer } from '@shared/admin/site-settings.js';
import { api } from '../../api/api.js';
import { useApiData } from '../../api/useApiData.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { errorsOrFallback, splitApiErrors, type FieldErrors } from '../../forms/fieldErrors.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { SubmitButton } from '../../forms/SubmitButton.js';
import { TextField } from '../../forms/TextField.js';
import { TextAreaField } from '../fields/TextAreaField.js';
import {
  SURF_FIELDS,
  SurfSettingsFields,
  surfSettingsOf,
  surfSettingsText,
  type SurfFieldName,
  type SurfSettingsText,
} from './SurfSettingsFields.js';

type TextFieldName = 'name' | 'companyRegistration';
type FieldName = TextFieldName | SurfFieldName;
const FIELDS: readonly FieldName[] = ['name', 'companyRegistration', ...SURF_FIELDS];
type ListName = keyof SiteSettings['consentCountries'];

const LIST_LABELS: Record<ListName, { label: string; hint: string }> = {
  cookieLaw: { label: 'Countries with a cookie law', hint: 'Visitors from these countries see the consent banner.' },
  revocable: { label: 'Countries where consent can be revoked', hint: 'Visitors from these get the revoke button.' },
  explicitAction: {
    label: 'Countries needing an explicit choice',
    hint: 'No optional cookie is set until the visitor allows it.',
  },
};

/** Two-letter codes separated by commas, spaces or new lines. */
function countriesOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** /admin/settings: the site's name, signups, maintenance, company line, surf rules and cookie-consent country lists. */
export function AdminSiteSettingsTab() {
  const loaded = useApiData<SiteSettingsAnswer>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings);
  const [form, setForm] = useState<SiteSettingsAnswer | null>(null);
  const [lists, setLists] = useState<Record<ListName, string>>({ cookieLaw: '', revocable: '', explicitAction: '' });
  const [surf, setSurf] = useState<SurfSettingsText | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<FieldName>>({});
  const [saved, setSaved] = useState(false);
  const savedRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!loaded.data || form) return;
    setForm(loaded.data);
    setSurf(surfSettingsText(loaded.data.surf));
    const { cookieLaw, revocable, explicitAction } = loaded.data.consentCountries;
    setLists({ cookieLaw: cookieLaw.join(', '), revocable: revocable.join(', '), explicitAction: explicitAction.join(', ') });
  }, [loaded.data, form]);

  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  if (loaded.failure) return <ErrorState failure={loaded.failure} onRetry={loaded.reload} />;
  if (!form || !surf) return <LoadingState label="Loading the site settings…" />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSaved(false);
    setErrors([]);
    setFieldErrors({});
    const { surfDefaults: _defaults, ...current } = form;
    const settings: SiteSettings = {
      ...current,
      surf: surfSettingsOf(surf),
      consentCountries: {
        cookieLaw: countriesOf(lists.cookieLaw),
        revocable: countriesOf(lists.revocable),
        explicitAction: countriesOf(lists.explicitAction),
      },
    };
    const answer = await api.put<SiteSettingsAnswer>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, settings);
    setBusy(false);
    if (answer.status >= 200 && answer.status < 300 && answer.data) {
      setForm(answer.data);
      setSurf(surfSettingsText(answer.data.surf));
      setSaved(true);
      return;
    }
    const split = splitApiErrors(errorsOrFallback(answer.errors, answer.status), FIELDS);
    setFieldErrors(split.fields);
    setErrors(split.form);
  };

  return (
    <section aria-labelledby="admin-settings-heading">
      <h2 id="admin-settings-heading" className="section-heading">
        Site settings
      </h2>
      <p>Changes apply on every server at once.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert errors={errors} />
        <TextField
          label="Site name"
          name="name"
          value={form.name}
          maxLength={100}
          error={fieldErrors.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="Company registration line"
          name="companyRegistration"
          value={form.companyRegistration}
          maxLength={300}
          hint="Shown in the footer of every page."
          error={fieldErrors.companyRegistration}
          onChange={(event) => setForm({ ...form, companyRegistration: event.target.value })}
        />
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={form.signups}
            onChange={(event) => setForm({ ...form, signups: event.target.checked })}
          />
          <span>Signups are open</span>
        </label>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={form.maintenance}
            onChange={(event) => setForm({ ...form, maintenance: event.target.checked })}
          />
          <span>Maintenance: members and visitors see the maintenance page (the admin area stays open)</span>
        </label>
        <SurfSettingsFields text={surf} defaults={form.surfDefaults} errors={fieldErrors} onChange={setSurf} />
        {(Object.keys(LIST_LABELS) as ListName[]).map((list) => (
          <TextAreaField
            key={list}
            name={list}
            label={LIST_LABELS[list].label}
            hint={`${LIST_LABELS[list].hint} Two-letter codes, separated by commas.`}
            rows={3}
            value={lists[list]}
            onValue={(value) => setLists({ ...lists, [list]: value })}
          />
        ))}
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Saving…">
            Save settings
          </SubmitButton>
        </div>
        {saved && (
          <p ref={savedRef} tabIndex={-1} role="status" className="status-message admin-notice">
            Settings saved.
          </p>
        )}
      </form>
    </section>
  );
}
