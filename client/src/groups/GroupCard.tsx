import { Link } from 'react-router-dom';
import { groupPath, type GroupSummary } from '@shared/groups/groups.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { roleLabel } from './groupLabels.js';

/** One group in a list: picture, name (its page), visibility, members, and the viewer's place. */
export function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <li className="group-card">
      <img src={mediaUrl(group.image)} alt="" width={56} height={56} className="group-picture" />
      <div className="group-card-text">
        <Link to={groupPath(group.slug)} className="group-card-name">
          {group.name}
        </Link>
        <p className="muted">
          {group.visibility === 'private' ? 'Private' : 'Public'} · {group.members} member{group.members === 1 ? '' : 's'}
          {group.viewer && ` · ${group.viewer.status === 'requested' ? 'Request sent' : roleLabel(group.viewer.role)}`}
        </p>
        {group.description && <p className="group-card-description">{group.description}</p>}
      </div>
    </li>
  );
}
