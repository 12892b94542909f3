import { useEffect, useRef, useState } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import type { ApiResult } from '../api/apiClient.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';

export interface ActionOutcome {
  notice: string | null;
  errors: ApiError[];
  noticeRef: React.RefObject<HTMLDivElement | null>;
  /** Shows what an admin action came to: `success`, or what was refused. Answers whether it went through. */
  done: (result: ApiResult<unknown>, success: string) => boolean;
}

/**
 * The outcome of an admin screen's actions: a success notice, focused so a screen reader reads it
 * out, or the refusal (each error as `explain` words it for an admin).
 */
export function useActionOutcome(explain: (errors: readonly ApiError[]) => ApiError[] = (errors) => [...errors]): ActionOutcome {
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const done = (result: ApiResult<unknown>, success: string): boolean => {
    if (isSuccess(result.status)) {
      setErrors([]);
      setNotice(success);
      return true;
    }
    setNotice(null);
    setErrors(explain(errorsOrFallback(result.errors, result.status)));
    return false;
  };
  return { notice, errors, noticeRef, done };
}

export function ActionOutcomeView({ outcome }: { outcome: ActionOutcome }) {
  return (
    <>
      <div
        ref={outcome.noticeRef}
        tabIndex={-1}
        role="status"
        className={outcome.notice ? 'status-message admin-notice' : undefined}
      >
        {outcome.notice && <p>{outcome.notice}</p>}
      </div>
      <FormAlert errors={outcome.errors} />
    </>
  );
}
