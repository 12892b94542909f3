import { useNavigate } from 'react-router-dom';
import { FirstNameForm } from '../profile/FirstNameForm.js';
import { ProfilePictureField } from '../profile/ProfilePictureField.js';
import { onboardingStepPath } from './onboardingSteps.js';

export function ProfileStep() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="onboarding-profile-heading">
      <h2 id="onboarding-profile-heading" className="section-heading">
        Your profile
      </h2>
      <p className="muted">Members see your picture and first name next to your posts.</p>
      <ProfilePictureField />
      <FirstNameForm submitLabel="Next" onSaved={() => navigate(onboardingStepPath(2))} />
    </section>
  );
}
