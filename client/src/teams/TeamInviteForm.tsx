import { useId, useState } from 'react';
import { TEAM_ROLE_LABELS, TEAM_ROLES, teamApiPath, type TeamDetail, type TeamRole } from '@shared/teams/teams.js';
import { teamInviteSchema } from '@shared/teams/team.schemas.js';
import { api } from '../api/api.js';
import { FormAlert } from '../forms/FormAlert.js';
import { schemaFieldErrors } from '../forms/schemaFieldErrors.js';
import { SubmitButton } from '../forms/SubmitButton.js';
import { TextField } from '../forms/TextField.js';
import { useForm } from '../forms/useForm.js';

const FIELDS = ['invitee', 'role'] as const;

/**
 * The owner invites a member by username or email address, with the role they get on accepting;
 * the server mails them a link and notifies them in the app.
 */
export function TeamInviteForm({ team, onInvited }: { team: TeamDetail; onInvited: (team: TeamDetail) => void }) {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ invitee: string; role: TeamRole }, TeamDetail>({
    initialValues: { invitee: '', role: 'analyst' },
    validate: (values) => schemaFieldErrors(teamInviteSchema, values, FIELDS),
    submit: (values) => {
      setSentTo(null);
      return api.request<TeamDetail>({ method: 'POST', path: teamApiPath(team.id, '/invites'), json: values });
    },
    onSuccess: (saved, values) => {
      if (saved) onInvited(saved);
      setSentTo(values.invitee.trim());
      form.reset({ invitee: '', role: values.role });
    },
  });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="section-heading">
        Invite a member
      </h3>
      <form ref={form.formRef} className="form team-invite-form" onSubmit={(event) => void form.handleSubmit(event)} noValidate>
        <FormAlert errors={form.formErrors} />
        <TextField
          label="Username or email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="They get a mail with a link, and a notification here."
          {...form.field('invitee')}
        />
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select
            id={`${id}-role`}
            name="role"
            value={form.values.role}
            onChange={(event) => form.setValue('role', event.target.value as TeamRole)}
          >
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {TEAM_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <p className="field-hint">
            Managers run posts, campaigns and spending; analysts read the stats. Owners also manage the members.
          </p>
        </div>
        <div className="form-actions">
          <SubmitButton busy={form.submitting} busyLabel="Inviting…">
            Send invitation
          </SubmitButton>
        </div>
        <p role="status" className="form-status">
          {sentTo && `Invitation sent to ${sentTo}.`}
        </p>
      </form>
    </section>
  );
}
