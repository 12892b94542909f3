import { useId, useState, type FormEvent } from 'react';
import { statsRangeSchema, type StatsRange } from '@shared/stats/stats.js';

type RangeErrors = Partial<Record<keyof StatsRange, string>>;

/** The form's errors for a range: the shared schema's, and a last day after today. */
function errorsOf(range: StatsRange, today: string): RangeErrors {
  const checked = statsRangeSchema.safeParse(range);
  const errors: RangeErrors = {};
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as keyof StatsRange;
      errors[field] ??= issue.message;
    }
  if (!errors.to && range.to > today) errors.to = 'The range cannot end after today.';
  return errors;
}

/** Two days (from, to, both included) and Apply: the range Detailed Stats shows next. */
export function StatsRangeForm({
  initial,
  today,
  onApply,
}: {
  initial: StatsRange;
  today: string;
  onApply: (range: StatsRange) => void;
}) {
  const id = useId();
  const [range, setRange] = useState(initial);
  const [errors, setErrors] = useState<RangeErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(range, today);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(range);
  };
  const field = (name: keyof StatsRange, label: string) => (
    <div className="stats-range-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="date"
        value={range[name]}
        max={today}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setRange({ ...range, [name]: event.target.value })}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form className="stats-range" aria-label="Date range" onSubmit={submit} noValidate>
      {field('from', 'From')}
      {field('to', 'To')}
      <button type="submit" className="button button-secondary">
        Apply
      </button>
    </form>
  );
}
