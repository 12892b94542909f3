import { onboardingStepPath, parseOnboardingStep } from './onboardingSteps.js';

describe('onboarding steps in the address', () => {
  it('starts at step 1 on /getStarted and reads /getStarted/1 to /getStarted/3', () => {
    expect(parseOnboardingStep(undefined)).toBe(1);
    expect(parseOnboardingStep('1')).toBe(1);
    expect(parseOnboardingStep('3')).toBe(3);
  });

  it('treats anything else as no step', () => {
    for (const page of ['0', '4', '-1', '2.5', 'two', '', '02x']) expect(parseOnboardingStep(page)).toBeNull();
  });

  it('builds the address of a step', () => {
    expect(onboardingStepPath(2)).toBe('/getStarted/2');
  });
});
