import { Link } from 'react-router-dom';
import type { Order } from '@shared/billing/billing.js';
import { orderReceiptPath } from '@shared/routing/routes.js';
import { formatDate } from '../format/dates.js';
import { formatPrice, orderItemText } from './billingFormat.js';
import { OrderStateBadge } from './OrderStateBadge.js';

/** The member's orders, newest first; each opens its printable receipt. */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table billing-orders">
        <caption className="visually-hidden">Your orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
            <th scope="col">State</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="billing-order-row">
              <td>
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </td>
              <td className="data-table-wrap">
                {orderItemText(order)}
                {order.teamName && <span className="muted billing-order-team"> for the team {order.teamName}</span>}
              </td>
              <td>{formatPrice(order)}</td>
              <td>
                <OrderStateBadge state={order.state} />
              </td>
              <td>
                <Link to={orderReceiptPath(order.id)}>
                  View
                  <span className="visually-hidden">
                    {' '}
                    the receipt of {formatDate(order.createdAt)}, {orderItemText(order)}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
