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
