import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import type { ApiError } from '@shared/api/envelope.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { startApp } from '../boot/startApp.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { onboardingStepPath } from './onboardingSteps.js';

/** The last step explains credits, then marks onboarding finished and opens the dashboard. */
export function CreditsStep() {
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);

  const finish = async () => {
    if (finishing) return;
    setFinishing(true);
    setErrors([]);
    const result = await api.post<null>(ACCOUNT_ENDPOINTS.onboardingFinish);
    if (isSuccess(result.status)) {
      await startApp();
      navigate(PATHS.home, { replace: true });
      return;
    }
    setErrors(errorsOrFallback(result.errors, result.status));
    setFinishing(false);
  };

  return (
    <section aria-labelledby="onboarding-credits-heading">
      <h2 id="onboarding-credits-heading" className="section-heading">
        How earning credits works
      </h2>
      <ol className="credits-explainer">
        <li>
          <strong>View posts to earn.</strong> Open Earn Credits and watch other members’ posts in the surf bar. Each post has a
          short countdown; when it ends and the server confirms your view, you earn a credit.
        </li>
        <li>
          <strong>Spend credits to promote.</strong> Create a campaign for your own post and assign credits to it. Each credit
          buys one view by a real member.
        </li>
        <li>
          <strong>Play fair.</strong> Views are checked on the server. Clicking through without looking, or using scripts, earns
          nothing and can close your account.
        </li>
      </ol>
      <FormAlert errors={errors} />
      <div className="form-actions form-actions-split">
        <Link className="button" to={onboardingStepPath(2)}>
          Back
        </Link>
        <button
          type="button"
          className="button button-primary"
          aria-disabled={finishing || undefined}
          onClick={() => void finish()}
        >
          {finishing && <span className="button-spinner" aria-hidden="true" />}
          {finishing ? 'Finishing…' : 'Finish and go to my dashboard'}
        </button>
      </div>
    </section>
  );
}
