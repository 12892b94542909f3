import type { ApiError } from '@shared/api/envelope.js';
import { ErrorLink } from './ErrorLink.js';
import './forms.css';

/** Errors that belong to the whole form (wrong password, rate limit, no connection). */
export function FormAlert({ errors }: { errors: readonly ApiError[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="form-alert" role="alert" tabIndex={-1}>
      {errors.map((error, index) => (
        <p key={index}>
          <strong>{error.heading}.</strong> {error.message} {error.link && <ErrorLink href={error.link} />}
        </p>
      ))}
    </div>
  );
}
