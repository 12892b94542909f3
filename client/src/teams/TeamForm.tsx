import { useId, useState, type FormEvent } from 'react';
import type { MediaObject } from '@shared/media/media.js';
import { TEAM_LIMITS, type TeamDetail } from '@shared/teams/teams.js';
import { teamSchema, type TeamPayload } from '@shared/teams/team.schemas.js';
import type { ApiResult } from '../api/apiClient.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';
import { GroupPictureField } from '../groups/GroupPictureField.js';
import '../groups/groups.css';

const FIELDS = ['name', 'imageId', 'allowWithdraw'] as const;

interface TeamFormProps {
  /** The team being edited; null for a new one (which starts without withdrawals). */
  team: TeamDetail | null;
  submitLabel: string;
  send: (payload: TeamPayload) => Promise<ApiResult<TeamDetail>>;
  onSaved: (team: TeamDetail) => void;
}

/** A team's name and picture, and for an existing team whether its managers may move credits out. */
export function TeamForm({ team, submitLabel, send, onSaved }: TeamFormProps) {
  const id = useId();
  const [picture, setPicture] = useState<MediaObject | null>(team?.image ?? null);
  const [allowWithdraw, setAllowWithdraw] = useState(team?.allowWithdraw ?? false);
  const [uploading, setUploading] = useState(false);
  const payloadOf = (values: { name: string }): TeamPayload => ({
    name: values.name,
    imageId: picture?.id ?? null,
    allowWithdraw,
  });
  const form = useForm<{ name: string }, TeamDetail>({
    initialValues: { name: team?.name ?? '' },
    validate: (values) => schemaFieldErrors(teamSchema, payloadOf(values), FIELDS),
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

  return (
    <form ref={form.formRef} className="form team-form" onSubmit={submit} noValidate>
      <FormAlert errors={form.formErrors} />
      <TextField label="Team name" maxLength={TEAM_LIMITS.name} autoComplete="off" {...form.field('name')} />
      <GroupPictureField picture={picture} onChange={setPicture} onUploading={setUploading} />
      {team && (
        <label className="checkbox-row" htmlFor={`${id}-withdraw`}>
          <input
            id={`${id}-withdraw`}
            type="checkbox"
            checked={allowWithdraw}
            onChange={(event) => setAllowWithdraw(event.target.checked)}
          />
          <span>Let owners and managers move the team&apos;s credits to their own balance</span>
        </label>
      )}
      <div className="form-actions">
        <SubmitButton busy={form.submitting || uploading} busyLabel={uploading ? 'Uploading…' : 'Saving…'}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
