import { Link } from 'react-router-dom';
import { ONBOARDING_STEP_COUNT, ONBOARDING_STEPS, onboardingStepPath } from './onboardingSteps.js';

/** "Step N of 3" with the steps as links, the current one marked for assistive technology. */
export function OnboardingProgress({ step }: { step: number }) {
  return (
    <nav className="onboarding-progress" aria-label="Onboarding steps">
      <p className="onboarding-progress-label">
        Step {step} of {ONBOARDING_STEP_COUNT}: {ONBOARDING_STEPS[step - 1]}
      </p>
      <ol className="onboarding-steps">
        {ONBOARDING_STEPS.map((title, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          return (
            <li key={title} className={`onboarding-step onboarding-step-${state}`}>
              <Link to={onboardingStepPath(number)} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="onboarding-step-number" aria-hidden="true">
                  {state === 'done' ? '✓' : number}
                </span>
                <span className="onboarding-step-title">
                  <span className="visually-hidden">Step {number}: </span>
                  {title}
                  {state === 'done' && <span className="visually-hidden"> (done)</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
