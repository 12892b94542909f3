import { PATHS } from '@shared/routing/routes.js';

export const ONBOARDING_STEPS = ['Your profile', 'Languages and interests', 'How credits work'] as const;
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

/** The step of /getStarted/:page?: none means the first; anything but 1…3 is not a step. */
export function parseOnboardingStep(page: string | undefined): number | null {
  if (page === undefined) return 1;
  if (!/^\d+$/.test(page)) return null;
  const step = Number(page);
  return step >= 1 && step <= ONBOARDING_STEP_COUNT ? step : null;
}

export function onboardingStepPath(step: number): string {
  return `${PATHS.getStarted}/${step}`;
}
