import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';

/** The refusals of a payment answer, each with the words a person reads. */
export type PaymentRefusalCode =
  typeof ErrorCode.PaymentSignatureInvalid | typeof ErrorCode.PaymentUnknownTerminal | typeof ErrorCode.PaymentMismatch;

export function paymentRefused(code: PaymentRefusalCode): AppError {
  switch (code) {
    case ErrorCode.PaymentSignatureInvalid:
      return new AppError(
        code,
        'Payment not confirmed',
        'This payment answer is not signed by the payment provider, so it was ignored.',
      );
    case ErrorCode.PaymentUnknownTerminal:
      return new AppError(code, 'Payment not confirmed', 'This payment answer is for another shop, so it was ignored.');
    case ErrorCode.PaymentMismatch:
      return new AppError(code, 'Payment not confirmed', 'This payment answer does not match the order, so it was ignored.');
  }
}

export const orderNotFound = () => new AppError(ErrorCode.NotFound, 'Order not found', 'There is no such order on your account.');

export const itemNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Not for sale', 'This pack or level is not for sale any more.');

export const adminOrderNotFound = () => new AppError(ErrorCode.NotFound, 'Order not found', 'There is no such order.');

const STATE_WORDS: Record<string, string> = {
  pending: 'is not paid yet',
  declined: 'was declined',
  expired: 'expired unpaid',
  refunded: 'was refunded already',
  charged_back: 'was charged back already',
};

/** Only a paid order can be refunded or charged back, once. */
export const notReversible = (state: string) =>
  new AppError(
    ErrorCode.OrderNotReversible,
    'Not possible for this order',
    `This order ${STATE_WORDS[state] ?? 'is not paid'}: only a paid order can be refunded or charged back.`,
  );

/** The provider refused the refund or could not be reached: nothing was changed. */
export const providerFailed = () =>
  new AppError(
    ErrorCode.PaymentProviderFailed,
    'Payment provider failed',
    'The payment provider did not make the refund. Nothing was changed; try again later or refund in the provider’s portal.',
  );

/** No payment provider is configured on this server: nothing can be bought, no order is made. */
export const paymentsUnavailable = () =>
  new AppError(ErrorCode.PaymentsUnavailable, 'Buying is not available', 'This site does not take payments at the moment.');

export const teamRequired = () =>
  new AppError(ErrorCode.TeamRequired, 'Choose a team', 'Choose the team to buy for first.', { field: 'forTeam' });

export const teamBuyersOnly = () =>
  new AppError(ErrorCode.TeamRoleForbidden, 'Not allowed', 'Only the team’s owners and managers can buy for the team.');
