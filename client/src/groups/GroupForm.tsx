import { useId, useState, type FormEvent } from 'react';
import { GROUP_LIMITS, groupSchema, type GroupAnswer, type GroupPayload, type GroupVisibility } from '@shared/groups/groups.js';
import type { MediaObject } from '@shared/media/media.js';
import type { ApiResult } from '../api/apiClient.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { GroupPictureField } from './GroupPictureField.js';

interface GroupFormValues extends Record<string, string> {
  name: string;
  description: string;
  visibility: GroupVisibility;
}

const FIELDS = ['name', 'description', 'visibility', 'imageId'] as const;

interface GroupFormProps {
  /** The group being edited; null for a new one. */
  group: GroupAnswer | null;
  submitLabel: string;
  send: (payload: GroupPayload) => Promise<ApiResult<GroupAnswer>>;
  onSaved: (group: GroupAnswer) => void;
}

/** A group's name, description, picture and visibility: for a new group and for an edit. */
export function GroupForm({ group, submitLabel, send, onSaved }: GroupFormProps) {
  const id = useId();
  const [picture, setPicture] = useState<MediaObject | null>(group?.image ?? null);
  const [uploading, setUploading] = useState(false);
  const payloadOf = (values: GroupFormValues): GroupPayload => ({ ...values, imageId: picture?.id ?? null });
  const form = useForm<GroupFormValues, GroupAnswer>({
    initialValues: { name: group?.name ?? '', description: group?.description ?? '', visibility: group?.visibility ?? 'public' },
    validate: (values) => schemaFieldErrors(groupSchema, payloadOf(values), FIELDS),
    submit: (values) => send(payloadOf(values)),
    onSuccess: (saved) => {
      if (saved) onSaved(saved);
    },
  });

  const submit = (event: FormEvent) => {
    if (uploading) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(event);
  };

  const description = form.field('description');
  return (
    <form ref={form.formRef} className="form group-form" onSubmit={submit} noValidate>
      <FormAlert errors={form.formErrors} />
      <TextField label="Group name" maxLength={GROUP_LIMITS.name} autoComplete="off" {...form.field('name')} />
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          value={description.value}
          onChange={(event) => form.setValue('description', event.target.value)}
          aria-invalid={description.error ? true : undefined}
          aria-describedby={description.error ? `${id}-description-error` : undefined}
        />
        {description.error && (
          <p id={`${id}-description-error`} className="field-error">
            {description.error.message}
          </p>
        )}
      </div>
      <fieldset className="field group-visibility">
        <legend>Who can see the posts and members</legend>
        <label className="radio-option">
          <input
            type="radio"
            name="visibility"
            value="public"
            checked={form.values.visibility === 'public'}
            onChange={() => form.setValue('visibility', 'public')}
          />
          <span>
            <strong>Public</strong>: anyone; members join at once.
          </span>
        </label>
        <label className="radio-option">
          <input
            type="radio"
            name="visibility"
            value="private"
            checked={form.values.visibility === 'private'}
            onChange={() => form.setValue('visibility', 'private')}
          />
          <span>
            <strong>Private</strong>: members only; joining takes a request you accept, or an invite code.
          </span>
        </label>
      </fieldset>
      <GroupPictureField picture={picture} onChange={setPicture} onUploading={setUploading} />
      <div className="form-actions">
        <SubmitButton busy={form.submitting || uploading} busyLabel={uploading ? 'Uploading…' : 'Saving…'}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
