import { ANSWERS_KEPT } from '@shared/surf/surf.js';
import { MAX_EARNINGS_REVIEW_MINUTES, type SiteSettingsAnswer, type SurfSettings } from '@shared/admin/site-settings.js';
import type { FieldErrors } from '../../forms/fieldErrors.js';
import { TextField } from '../../forms/TextField.js';

type SurfRule = keyof SurfSettings;
/** What the inputs hold: text, so that an emptied countdown or cap means "the server's value". */
export type SurfSettingsText = Record<SurfRule, string>;
export type SurfFieldName = `surf.${SurfRule}`;

export const SURF_FIELDS: readonly SurfFieldName[] = [
  'surf.timerSeconds',
  'surf.dailyEarningCap',
  'surf.challengeAt',
  'surf.blockAt',
  'surf.wrongCodesToStop',
  'surf.earningsReviewMinutes',
  'surf.newcomerDailyCap',
];

/** The rules an admin may leave empty for the server's own setting (`surfDefaults`). */
const OPTIONAL = ['timerSeconds', 'dailyEarningCap', 'earningsReviewMinutes', 'newcomerDailyCap'] as const;
type OptionalRule = (typeof OPTIONAL)[number];
const isOptional = (rule: SurfRule): rule is OptionalRule => (OPTIONAL as readonly SurfRule[]).includes(rule);

export function surfSettingsText(surf: SurfSettings): SurfSettingsText {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    timerSeconds: text(surf.timerSeconds),
    dailyEarningCap: text(surf.dailyEarningCap),
    challengeAt: text(surf.challengeAt),
    blockAt: text(surf.blockAt),
    wrongCodesToStop: text(surf.wrongCodesToStop),
    earningsReviewMinutes: text(surf.earningsReviewMinutes),
    newcomerDailyCap: text(surf.newcomerDailyCap),
  };
}

/** The inputs as the server takes them: an empty optional rule is null; anything else a number it checks. */
export function surfSettingsOf(text: SurfSettingsText): SurfSettings {
  const value = (rule: SurfRule) => (text[rule].trim() === '' && isOptional(rule) ? null : Number(text[rule]));
  return {
    timerSeconds: value('timerSeconds'),
    dailyEarningCap: value('dailyEarningCap'),
    challengeAt: value('challengeAt') as number,
    blockAt: value('blockAt') as number,
    wrongCodesToStop: value('wrongCodesToStop') as number,
    earningsReviewMinutes: value('earningsReviewMinutes'),
    newcomerDailyCap: value('newcomerDailyCap'),
  };
}

interface SurfSettingsFieldsProps {
  text: SurfSettingsText;
  defaults: SiteSettingsAnswer['surfDefaults'];
  errors: FieldErrors<SurfFieldName>;
  onChange(text: SurfSettingsText): void;
}

/** The surf bar's site-wide rules: members with a membership level follow their level's countdown and cap instead. */
export function SurfSettingsFields({ text, defaults, errors, onChange }: SurfSettingsFieldsProps) {
  const field = (rule: SurfRule, label: string, hint: string, min: number, max?: number) => (
    <TextField
      label={label}
      name={`surf.${rule}`}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={text[rule]}
      hint={hint}
      error={errors[`surf.${rule}`]}
      placeholder={isOptional(rule) ? String(defaults[rule]) : undefined}
      onChange={(event) => onChange({ ...text, [rule]: event.target.value })}
    />
  );
  return (
    <fieldset className="admin-fieldset">
      <legend>Surf bar</legend>
      <p className="field-hint">Members with a membership level use their level’s countdown and daily cap.</p>
      {field('timerSeconds', 'Countdown (seconds)', `Empty: the server’s setting, ${defaults.timerSeconds} s.`, 0, 600)}
      {field(
        'dailyEarningCap',
        'Daily earning cap (credits)',
        `Empty: the server’s setting, ${defaults.dailyEarningCap} credits.`,
        1,
      )}
      {field('challengeAt', 'Challenge score', 'From this surf score on, every view asks for a code.', 1, 999)}
      {field(
        'blockAt',
        'Stop score',
        'The view that brings the score here stops the member’s earning; admins are told.',
        2,
        1000,
      )}
      {field(
        'wrongCodesToStop',
        'Wrong answers that stop earning',
        `Among the member’s last ${ANSWERS_KEPT} answers.`,
        1,
        ANSWERS_KEPT,
      )}
      {field(
        'earningsReviewMinutes',
        'Earnings review (minutes)',
        `How long a new or flagged member’s surf earnings wait before they can be spent; invalid views are voided meanwhile and their advertisers refunded. 0: none. Empty: the server’s setting, ${defaults.earningsReviewMinutes} minutes.`,
        0,
        MAX_EARNINGS_REVIEW_MINUTES,
      )}
      {field(
        'newcomerDailyCap',
        'New account’s daily cap (credits)',
        `A new account’s first daily earning cap; it grows by one with each view that cleared review. Empty: the server’s setting, ${defaults.newcomerDailyCap} credits.`,
        1,
      )}
    </fieldset>
  );
}
