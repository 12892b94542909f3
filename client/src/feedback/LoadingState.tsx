import './feedback.css';

/** A spinner with words for screen readers, for a part of a screen that is loading. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-state" role="status">
      <span className="spinner spinner-small" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
