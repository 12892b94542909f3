import { useParams } from 'react-router-dom';
import { TeamInviteSection } from '../teams/TeamInviteSection.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../teams/teams.css';

/** /settings/multiAccounts/invite/:token, the link of a team invitation mail. */
export default function TeamInvitePage() {
  usePageTitle('Team invitation');
  const token = useParams().token ?? '';
  return (
    <div className="page team-invite-page">
      <h1>Team invitation</h1>
      <TeamInviteSection token={token} />
    </div>
  );
}
