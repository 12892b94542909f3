import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { FirstNameForm } from '../profile/FirstNameForm.js';
import { ProfilePictureField } from '../profile/ProfilePictureField.js';

export function ProfileSettings() {
  return (
    <section aria-labelledby="settings-profile-heading">
      <h2 id="settings-profile-heading" className="section-heading">
        Profile
      </h2>
      <p className="muted">
        Members see these next to your posts and on <Link to={PATHS.profile}>your profile</Link>.
      </p>
      <ProfilePictureField />
      <FirstNameForm submitLabel="Save" savedMessage="Your first name is saved." />
    </section>
  );
}
