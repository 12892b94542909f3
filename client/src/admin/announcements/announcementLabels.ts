import type { Announcement } from '@shared/announcements/announcements.js';
import type { Choice } from '../fields/SelectField.js';

export const TYPE_CHOICES: readonly Choice[] = [
  { value: 'announcement', label: 'Alert bar above the page' },
  { value: 'modal', label: 'Modal dialog' },
];

export const AUDIENCE_CHOICES: readonly Choice[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'members', label: 'Logged-in members' },
  { value: 'visitors', label: 'Logged-out visitors' },
];

export const CLASS_CHOICES: readonly Choice[] = [
  { value: 'info', label: 'Info (blue)' },
  { value: 'success', label: 'Success (green)' },
  { value: 'warning', label: 'Warning (amber)' },
  { value: 'danger', label: 'Danger (red)' },
];

const labelOf = (choices: readonly Choice[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

export const typeLabel = (type: string) => (type === 'modal' ? 'Modal' : 'Alert bar');
export const audienceLabel = (auth: string) => labelOf(AUDIENCE_CHOICES, auth);
export const classLabel = (classContext: string) => labelOf(CLASS_CHOICES, classContext);

/** Where it shows, in words: "Every page", "Only /home", "Every page except /settings/*". */
export function pagesSummary({ only, except }: Pick<Announcement, 'only' | 'except'>): string {
  const base = only.length > 0 ? `Only ${only.join(', ')}` : 'Every page';
  return except.length > 0 ? `${base}, except ${except.join(', ')}` : base;
}
