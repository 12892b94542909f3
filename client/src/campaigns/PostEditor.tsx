import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CAMPAIGN_ENDPOINTS, POST_LIMITS, postSchema, youtubeIdOf, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { rotatorLanguageOptions } from '@shared/constants/languages.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import type { FieldError } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { POST_FORM_FIELDS, postFormValuesOf, postPayloadOf, type PostFormValues } from './postForm.js';
import { PostGroupField } from '../groups/PostGroupField.js';
import { PostImagesField, slotsOf, type PictureSlot } from './PostImagesField.js';

interface PostEditorProps {
  /** The campaign whose post is edited; null for a new post. */
  campaign: CampaignItem | null;
  onSaved: (item: CampaignItem) => void;
}

/**
 * Writes a new post or changes one: text, link, YouTube video, language, tags and pictures; a new
 * post may go into a group the member is in (an edit leaves it where it is).
 */
export function PostEditor({ campaign, onSaved }: PostEditorProps) {
  const [slots, setSlots] = useState<PictureSlot[]>(() => slotsOf(campaign?.post.images ?? []));
  const [waitNote, setWaitNote] = useState(false);
  const uploading = slots.some((slot) => !slot.media);
  const imageIds = slots.flatMap((slot) => (slot.media?.id ? [slot.media.id] : []));

  const form = useForm<PostFormValues, CampaignItem>({
    initialValues: postFormValuesOf(campaign),
    validate: (values) => schemaFieldErrors(postSchema, postPayloadOf(values, imageIds), POST_FORM_FIELDS),
    submit: (values) =>
      api.request<CampaignItem>({
        method: campaign ? 'PUT' : 'POST',
        path: campaign ? `${CAMPAIGN_ENDPOINTS.post}/${campaign.post.pid}` : CAMPAIGN_ENDPOINTS.posts,
        json: postPayloadOf(values, imageIds),
      }),
    onSuccess: (item) => {
      if (item) onSaved(item);
    },
  });

  const submit = (event: FormEvent) => {
    if (uploading) {
      event.preventDefault();
      setWaitNote(true);
      return;
    }
    setWaitNote(false);
    void form.handleSubmit(event);
  };

  const youtubeId = form.values.youtube.trim() ? youtubeIdOf(form.values.youtube) : null;
  return (
    <section className="post-editor" aria-labelledby="post-editor-heading">
      <h2 id="post-editor-heading" className="section-heading">
        {campaign ? 'Edit your post' : 'Create a post'}
      </h2>
      <form ref={form.formRef} className="form" onSubmit={submit} noValidate>
        <FormAlert errors={form.formErrors} />
        <TextAreaField
          label="Text"
          value={form.values.text}
          error={form.field('text').error}
          onChange={(value) => form.setValue('text', value)}
          hint={`${form.values.text.length.toLocaleString()} of ${POST_LIMITS.text.toLocaleString()} characters. Line breaks are kept.`}
        />
        <TextField
          label="Link (optional)"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          hint="Members can open it from a card under your text."
          {...form.field('link')}
        />
        <TextField
          label="YouTube video (optional)"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          hint={youtubeId ? `Video ${youtubeId} will play inside your post.` : 'The address of a YouTube video, or its id.'}
          {...form.field('youtube')}
        />
        <LanguageField
          value={form.values.language}
          error={form.field('language').error}
          onChange={(value) => form.setValue('language', value)}
        />
        <TextField
          label="Tags (optional)"
          hint={`Up to ${POST_LIMITS.tags}, separated by commas: letters, digits and dashes.`}
          placeholder="travel, food"
          {...form.field('tags')}
        />
        {!campaign && (
          <PostGroupField
            value={form.values.groupId}
            error={form.field('groupId').error}
            onChange={(value) => form.setValue('groupId', value)}
          />
        )}
        <PostImagesField slots={slots} onChange={setSlots} />
        {waitNote && uploading && (
          <p role="alert" className="field-error">
            Please wait until your pictures are uploaded.
          </p>
        )}
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            {campaign ? 'Save changes' : 'Publish post'}
          </SubmitButton>
          <Link to={PATHS.campaigns}>Cancel</Link>
        </div>
      </form>
    </section>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  hint: string;
  error?: FieldError;
  onChange: (value: string) => void;
}

function TextAreaField({ label, value, hint, error, onChange }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="text"
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The post's language: en, es, de, fr, ru, a disabled blank, then the rest A–Z. */
function LanguageField({ value, error, onChange }: { value: string; error?: FieldError; onChange: (value: string) => void }) {
  const id = useId();
  const options = useMemo(() => rotatorLanguageOptions(), []);
  return (
    <div className="field">
      <label htmlFor={id}>Language</label>
      <select
        id={id}
        name="language"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option, index) =>
          option.disabled ? (
            <option key={`blank-${index}`} value="" disabled>
              {'\u00a0'}
            </option>
          ) : (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ),
        )}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error.message}
        </p>
      )}
    </div>
  );
}
