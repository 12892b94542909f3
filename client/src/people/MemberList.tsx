import { Link } from 'react-router-dom';
import { memberProfilePath, type MemberCard } from '@shared/people/people.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { FollowButton } from './FollowButton.js';
import './people.css';

/** Members with their picture, names and a follow button (none on the viewer's own card or for visitors). */
export function MemberList({ members, label }: { members: readonly MemberCard[]; label: string }) {
  return (
    <ul className="member-list" aria-label={label}>
      {members.map((member) => (
        <li key={member.id} className="member-card">
          <img src={mediaUrl(member.image)} alt="" width={48} height={48} className="avatar" />
          <div className="member-card-names">
            <Link to={memberProfilePath(member.username)} className="member-card-name">
              {member.first_name}
            </Link>
            <span className="muted">@{member.username}</span>
          </div>
          {member.following !== null && <FollowButton member={member} following={member.following} />}
        </li>
      ))}
    </ul>
  );
}
