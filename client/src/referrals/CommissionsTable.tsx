import { Link } from 'react-router-dom';
import type { CommissionRow } from '@shared/referrals/commissions.js';
import { memberProfilePath } from '@shared/people/people.js';
import { formatDate } from '../format/dates.js';
import { commissionStatus } from './commissions.js';

export function CommissionsTable({ rows }: { rows: readonly CommissionRow[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Commissions on purchases of members you referred</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Member</th>
            <th scope="col">Purchase</th>
            <th scope="col">Credits</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-state={row.state}>
              <td>{formatDate(row.createdAt)}</td>
              <td>
                <Link to={memberProfilePath(row.referredUsername)}>{row.referredUsername}</Link>
              </td>
              <td className="data-table-wrap">{row.itemName}</td>
              <td>{row.credits.toLocaleString()}</td>
              <td className={row.state === 'clawed_back' ? 'muted' : undefined}>{commissionStatus(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
