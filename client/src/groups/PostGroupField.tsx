import { useId } from 'react';
import { GROUP_ENDPOINTS, type GroupsOverview } from '@shared/groups/groups.js';
import { useApiData } from '../api/useApiData.js';
import type { FieldError } from '../forms/fieldErrors.js';

interface PostGroupFieldProps {
  /** The chosen group's id; '' for none. */
  value: string;
  error?: FieldError;
  onChange: (value: string) => void;
}

/** "Post in group": the groups the member is an active member of; none chosen, the post is their own. */
export function PostGroupField({ value, error, onChange }: PostGroupFieldProps) {
  const id = useId();
  const overview = useApiData<GroupsOverview>(GROUP_ENDPOINTS.groups);
  const groups = overview.data?.mine.filter((group) => group.viewer?.status === 'active') ?? [];
  if (groups.length === 0 && !error) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Post in group (optional)</label>
      <select
        id={id}
        name="groupId"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      >
        <option value="">No group: on my profile</option>
        {groups.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {group.name}
            {group.visibility === 'private' ? ' (private)' : ''}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        A private group&apos;s posts are seen by its members only, and never in the surf bar.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error.message}
        </p>
      )}
    </div>
  );
}
