import type { ApiFailure } from '../api/useApiData.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import './feedback.css';

/** A load that failed: what the server said (or a plain fallback) and a way to try again. */
export function ErrorState({
  failure,
  onRetry,
  title = 'This could not be loaded',
}: {
  failure: ApiFailure;
  onRetry?: () => void;
  title?: string;
}) {
  const errors = errorsOrFallback(failure.errors, failure.status);
  return (
    <div className="error-state" role="alert">
      <p className="error-state-title">{title}</p>
      {errors.map((error, index) => (
        <p key={index}>{error.message}</p>
      ))}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
