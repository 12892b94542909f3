import { useId, useState, type FormEvent } from 'react';
import type { StatsRange } from '@shared/stats/stats-query.js';
import { isCalendarDay, rangeProblem } from '@shared/stats/stats-range.js';

type RangeErrors = Partial<Record<keyof StatsRange, string>>;

/**
 * The form's errors for a range, by the rules the server applies (shared without the schema
 * library, which stays out of the page's first chunk): two days, in order, not too many, not
 * after today.
 */
function errorsOf(range: StatsRange, today: string): RangeErrors {
  const errors: RangeErrors = {};
  for (const field of ['from', 'to'] as const) if (!isCalendarDay(range[field])) errors[field] = 'Choose a day.';
  if (errors.from || errors.to) return errors;
  const problem = rangeProblem(range.from, range.to);
  if (problem) errors[problem.field] = problem.message;
  else if (range.to > today) errors.to = 'The range cannot end after today.';
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
