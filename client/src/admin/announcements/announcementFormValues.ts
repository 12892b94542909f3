import { announcementSchema, type AnnouncementPayload } from '@shared/announcements/announcement.schema.js';
import type { Announcement } from '@shared/announcements/announcements.js';
import type { FieldErrors } from '../../forms/fieldErrors.js';

/** The announcement form as text: path lists are one path per line. */
export interface AnnouncementFormValues {
  [field: string]: string;
  heading: string;
  content: string;
  footer: string;
  link: string;
  classContext: string;
  type: string;
  auth: string;
  only: string;
  except: string;
  /** datetime-local values (the admin's own time zone); empty: no limit. */
  startsAt: string;
  endsAt: string;
}

export type AnnouncementField = keyof AnnouncementFormValues & string;

export const ANNOUNCEMENT_FIELDS: readonly AnnouncementField[] = [
  'heading',
  'content',
  'footer',
  'link',
  'classContext',
  'type',
  'auth',
  'only',
  'except',
  'startsAt',
  'endsAt',
];

export const EMPTY_ANNOUNCEMENT: AnnouncementFormValues = {
  heading: '',
  content: '',
  footer: '',
  link: '',
  classContext: 'info',
  type: 'announcement',
  auth: 'all',
  only: '',
  except: '',
  startsAt: '',
  endsAt: '',
};

/** A stored moment as a datetime-local value in this browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as the moment it means here; text that is no date is sent as typed, for the schema to refuse. */
function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function announcementToFormValues(announcement: Announcement): AnnouncementFormValues {
  return {
    heading: announcement.heading,
    content: announcement.content,
    footer: announcement.footer,
    link: announcement.link ?? '',
    classContext: announcement.classContext,
    type: announcement.type,
    auth: announcement.auth,
    only: announcement.only.join('\n'),
    except: announcement.except.join('\n'),
    startsAt: toLocalInput(announcement.startsAt),
    endsAt: toLocalInput(announcement.endsAt),
  };
}

/** The non-blank lines of a path list, with the line number each came from (for error messages). */
function pathLines(text: string): { path: string; line: number }[] {
  return text
    .split(/\r?\n/)
    .map((path, index) => ({ path: path.trim(), line: index + 1 }))
    .filter((entry) => entry.path !== '');
}

/** What the server is sent. The enum fields are checked by the schema, not trusted from the form. */
export function announcementPayload(values: AnnouncementFormValues): AnnouncementPayload {
  return {
    heading: values.heading,
    content: values.content,
    footer: values.footer,
    link: values.link.trim() === '' ? null : values.link,
    classContext: values.classContext as AnnouncementPayload['classContext'],
    type: values.type as AnnouncementPayload['type'],
    auth: values.auth as AnnouncementPayload['auth'],
    only: pathLines(values.only).map((entry) => entry.path),
    except: pathLines(values.except).map((entry) => entry.path),
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
  };
}

interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  maximum?: number | bigint;
  origin?: string;
}

/** The shared schema's verdict, one message per field; a bad path names its line. */
export function announcementFormErrors(values: AnnouncementFormValues): FieldErrors<AnnouncementField> {
  const result = announcementSchema.safeParse(announcementPayload(values));
  if (result.success) return {};
  const errors: FieldErrors<AnnouncementField> = {};
  for (const issue of result.error.issues as readonly SchemaIssue[]) {
    const field = String(issue.path[0] ?? '') as AnnouncementField;
    if (!ANNOUNCEMENT_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = { message: issueMessage(issue, values) };
  }
  return errors;
}

function issueMessage(issue: SchemaIssue, values: AnnouncementFormValues): string {
  const [field, index] = issue.path;
  const tooBig = issue.code === 'too_big' ? Number(issue.maximum) : null;
  if ((field === 'only' || field === 'except') && typeof index === 'number') {
    const line = pathLines(values[field])[index]?.line ?? index + 1;
    return `Line ${line}: ${tooBig !== null ? `a path has at most ${tooBig} characters.` : issue.message}`;
  }
  if (tooBig !== null) return issue.origin === 'array' ? `At most ${tooBig} paths.` : `At most ${tooBig} characters.`;
  return issue.message;
}
