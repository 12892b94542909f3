import { Link } from 'react-router-dom';
import type { ReferralRow } from '@shared/accounts/account.answers.js';
import { formatDate } from '../format/dates.js';
import { memberProfilePath } from '@shared/people/people.js';

export function ReferralsTable({ rows }: { rows: readonly ReferralRow[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Members who signed up through your link</caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Joined</th>
            <th scope="col">Source website</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.username}>
              <td>
                <Link to={memberProfilePath(row.username)}>{row.username}</Link>
              </td>
              <td>{formatDate(row.joinedAt)}</td>
              <td className="data-table-wrap">{row.website || <span className="muted">Direct</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
