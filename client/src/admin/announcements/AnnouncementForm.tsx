import { Link, useNavigate } from 'react-router-dom';
import { ANNOUNCEMENT_ENDPOINTS, type Announcement } from '@shared/announcements/announcements.js';
import { api } from '../../api/api.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { SubmitButton } from '../../forms/SubmitButton.js';
import { TextField } from '../../forms/TextField.js';
import { useForm } from '../../forms/useForm.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { RadioGroupField } from '../fields/RadioGroupField.js';
import { SelectField } from '../fields/SelectField.js';
import { TextAreaField } from '../fields/TextAreaField.js';
import { AnnouncementPreview } from './AnnouncementPreview.js';
import {
  EMPTY_ANNOUNCEMENT,
  announcementFormErrors,
  announcementPayload,
  type AnnouncementField,
  type AnnouncementFormValues,
} from './announcementFormValues.js';
import { AUDIENCE_CHOICES, CLASS_CHOICES, TYPE_CHOICES } from './announcementLabels.js';

const PATH_HINT = 'One path per line, such as /home. End with * to match every page below, such as /settings/*.';

/**
 * Creates an announcement (`editing` null) or changes an active one. Saving shows it at once in
 * every open browser it is for; the list then says so.
 */
export function AnnouncementForm({
  editing,
  initialValues = EMPTY_ANNOUNCEMENT,
}: {
  editing: number | null;
  initialValues?: AnnouncementFormValues;
}) {
  const navigate = useNavigate();
  const form = useForm<AnnouncementFormValues, Announcement>({
    initialValues,
    validate: announcementFormErrors,
    submit: (values) =>
      editing === null
        ? api.post<Announcement>(ANNOUNCEMENT_ENDPOINTS.admin, announcementPayload(values))
        : api.put<Announcement>(`${ANNOUNCEMENT_ENDPOINTS.admin}/${editing}`, announcementPayload(values)),
    onSuccess: (saved, values) => {
      const notice = `${editing === null ? 'Published' : 'Saved'}: “${saved?.heading ?? values.heading.trim()}”.`;
      void navigate(ADMIN_PATHS.announcements, { state: { notice } });
    },
  });
  const control = (name: AnnouncementField) => ({
    name,
    value: form.values[name],
    error: form.field(name).error,
    onValue: (value: string) => form.setValue(name, value),
  });
  const payload = announcementPayload(form.values);

  return (
    <div className="announcement-editor">
      <form ref={form.formRef} className="form announcement-form" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormAlert errors={form.formErrors} />
        <TextField label="Heading" autoComplete="off" {...form.field('heading')} />
        <TextAreaField label="Content" rows={4} {...control('content')} />
        <TextField
          label="Footer (optional)"
          hint="A small line under the content."
          autoComplete="off"
          {...form.field('footer')}
        />
        <TextField
          label="Link (optional)"
          hint="A path on this site, such as /home/earnCredits, or an https address. Shown as “Learn more”."
          autoComplete="off"
          inputMode="url"
          {...form.field('link')}
        />
        <RadioGroupField label="Show as" choices={TYPE_CHOICES} {...control('type')} />
        <SelectField label="Colour" choices={CLASS_CHOICES} {...control('classContext')} />
        <RadioGroupField label="Audience" choices={AUDIENCE_CHOICES} {...control('auth')} />
        <TextAreaField
          label="Only on these pages (optional)"
          hint={`${PATH_HINT} Leave empty for every page.`}
          rows={3}
          spellCheck={false}
          {...control('only')}
        />
        <TextAreaField
          label="Never on these pages (optional)"
          hint={PATH_HINT}
          rows={3}
          spellCheck={false}
          {...control('except')}
        />
        <TextField
          label="Show from (optional)"
          hint="Leave empty to show it as soon as it is published."
          type="datetime-local"
          {...form.field('startsAt')}
        />
        <TextField
          label="Show until (optional)"
          hint="Leave empty to show it until you end it."
          type="datetime-local"
          {...form.field('endsAt')}
        />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel={editing === null ? 'Publishing…' : 'Saving…'}>
            {editing === null ? 'Publish' : 'Save changes'}
          </SubmitButton>
          <Link to={ADMIN_PATHS.announcements} className="button">
            Cancel
          </Link>
        </div>
      </form>
      <AnnouncementPreview
        announcement={{
          ...payload,
          footer: payload.footer ?? '',
          link: payload.link ?? null,
          classContext: payload.classContext ?? 'info',
          only: payload.only ?? [],
          except: payload.except ?? [],
          startsAt: payload.startsAt ?? null,
          endsAt: payload.endsAt ?? null,
        }}
      />
    </div>
  );
}
