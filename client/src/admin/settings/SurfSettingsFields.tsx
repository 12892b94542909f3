import { ANSWERS_KEPT } from '@shared/surf/surf.js';
import type { SiteSettingsAnswer, SurfSettings } from '@shared/admin/site-settings.js';
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
];

const OPTIONAL: readonly SurfRule[] = ['timerSeconds', 'dailyEarningCap'];

export function surfSettingsText(surf: SurfSettings): SurfSettingsText {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    timerSeconds: text(surf.timerSeconds),
    dailyEarningCap: text(surf.dailyEarningCap),
    challengeAt: text(surf.challengeAt),
    blockAt: text(surf.blockAt),
    wrongCodesToStop: text(surf.wrongCodesToStop),
  };
}

/** The inputs as the server takes them: an empty countdown or cap is null; anything else a number it checks. */
export function surfSettingsOf(text: SurfSettingsText): SurfSettings {
  const value = (rule: SurfRule) => (text[rule].trim() === '' && OPTIONAL.includes(rule) ? null : Number(text[rule]));
  return {
    timerSeconds: value('timerSeconds'),
    dailyEarningCap: value('dailyEarningCap'),
    challengeAt: value('challengeAt') as number,
    blockAt: value('blockAt') as number,
    wrongCodesToStop: value('wrongCodesToStop') as number,
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
      placeholder={
        rule === 'timerSeconds'
          ? String(defaults.timerSeconds)
          : rule === 'dailyEarningCap'
            ? String(defaults.dailyEarningCap)
            : undefined
      }
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
    </fieldset>
  );
}
