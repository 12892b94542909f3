import { Navigate, useParams } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { CreditsStep } from '../onboarding/CreditsStep.js';
import { OnboardingProgress } from '../onboarding/OnboardingProgress.js';
import { parseOnboardingStep } from '../onboarding/onboardingSteps.js';
import { PreferencesStep } from '../onboarding/PreferencesStep.js';
import { ProfileStep } from '../onboarding/ProfileStep.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../onboarding/onboarding.css';

/** Onboarding: profile, then languages and interests, then how credits work; each step has its address. */
export default function GetStartedPage() {
  const step = parseOnboardingStep(useParams().page);
  usePageTitle(step ? `Get started: step ${step} of 3` : 'Get started');
  if (step === null) return <Navigate replace to={PATHS.getStarted} />;
  return (
    <div className="onboarding">
      <h1>Get started</h1>
      <OnboardingProgress step={step} />
      {step === 1 && <ProfileStep />}
      {step === 2 && <PreferencesStep />}
      {step === 3 && <CreditsStep />}
    </div>
  );
}
