/**
 * Machine-readable error codes: every error item of the envelope and every socket refusal
 * carries one. The server maps each to an HTTP status here, in one place; the client branches
 * on codes (and the typed fields of `ApiError`), never on wording.
 */
export const ErrorCode = {
  /** A field failed its schema; `field` names it. */
  Validation: 'validation',
  /** The request itself could not be read (malformed JSON or form data, a bad address). */
  BadRequest: 'bad_request',
  Unauthenticated: 'unauthenticated',
  SessionRevoked: 'session_revoked',
  Forbidden: 'forbidden',
  MissingXhrMarker: 'missing_xhr_marker',
  NotFound: 'not_found',
  /** A mailed link that expired, was used already, or never existed. */
  LinkInvalid: 'link_invalid',
  MethodNotAllowed: 'method_not_allowed',
  Conflict: 'conflict',
  /** The member holds enough credits, but some are surf earnings still in review, which cannot be spent yet. */
  CreditsInReview: 'credits_in_review',
  /** A group invite code past its expiry. */
  InviteExpired: 'invite_expired',
  /** A group invite code whose uses are all taken. */
  InviteUsedUp: 'invite_used_up',
  /** A group invite code its group's owners or moderators revoked (or replaced). */
  InviteRevoked: 'invite_revoked',
  /** The member is banned from the group. */
  BannedFromGroup: 'banned_from_group',
  /**
   * The `X-Current-Team` header (or a socket handshake's `teamId`) names a team the member is not
   * active in: never a member, invited only, or removed. Nothing was changed; the client forgets
   * its current team.
   */
  TeamForbidden: 'team_forbidden',
  /** The member's role in the team does not allow this. */
  TeamRoleForbidden: 'team_role_forbidden',
  /** A team must keep an owner: its last owner cannot leave, be removed or step down. */
  LastOwner: 'last_owner',
  /** A team invitation link opened while signed in to another account than the invited one. */
  TeamInviteOtherAccount: 'team_invite_other_account',
  /** The team does not let its members move its credits to their own balances. */
  TeamWithdrawDisabled: 'team_withdraw_disabled',
  /** Earn Credits needs this tab's live connection, which the server has not seen (yet). */
  NotConnected: 'not_connected',
  PayloadTooLarge: 'payload_too_large',
  UriTooLong: 'uri_too_long',
  /** The request's headers (its cookies, mostly) are larger than the server reads. */
  HeadersTooLarge: 'headers_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  /** Too many requests; `retryAfter` says when to try again. */
  RateLimited: 'rate_limited',
  Internal: 'internal',
  /**
   * A dependency cannot be reached; `retryAfter` says when to try again. The readiness check
   * names which one (`dependency`).
   */
  Unavailable: 'unavailable',
  /**
   * This server process is shutting down: it finishes what it has begun and takes nothing new.
   * `retryAfter` says when to try again; behind a load balancer another process answers.
   */
  ShuttingDown: 'shutting_down',
  /** The client could not reach the server at all (no answer); never sent by the server. */
  Unreachable: 'unreachable',
  /** A payment provider's answer whose signature (hash) is wrong or missing: it is ignored. */
  PaymentSignatureInvalid: 'payment_signature_invalid',
  /** A payment answer for another terminal than this shop's: it is ignored. */
  PaymentUnknownTerminal: 'payment_unknown_terminal',
  /** A payment answer whose amount, currency or order differs from the order's: it is ignored. */
  PaymentMismatch: 'payment_mismatch',
  /**
   * Starting or resuming a campaign while the account (the member, or the current team) runs as
   * many as its membership level allows; `limit` says how many. Nothing was changed.
   */
  ActiveCampaignsLimit: 'active_campaigns_limit',
  /**
   * The payment provider refused a call the app made to it (a refund) or could not be reached:
   * nothing was changed, and the call can be tried again.
   */
  PaymentProviderFailed: 'payment_provider_failed',
  /** The order is not in a state that allows this (only a paid order can be refunded or charged back). */
  OrderNotReversible: 'order_not_reversible',
  /**
   * This server takes no payments (no payment provider is configured): nothing is for sale and
   * no order was made. The catalog's `buyingAvailable` says so beforehand.
   */
  PaymentsUnavailable: 'payments_unavailable',
  /** The call needs a current team (`X-Current-Team`), and none was chosen. */
  TeamRequired: 'team_required',
  /** The account's login is suspended by an admin: no login, no session. */
  LoginSuspended: 'login_suspended',
  /** An admin credit adjustment would take the balance below zero; nothing was changed. */
  BalanceBelowZero: 'balance_below_zero',
  /** An admin cannot change their own role or suspend their own login. */
  OwnAccount: 'own_account',
  /** The site must keep at least one admin. */
  LastAdmin: 'last_admin',
  /**
   * The Idempotency-Key was used already for another request (another route, team or body):
   * nothing was changed. A new user action needs a new key.
   */
  IdempotencyKeyReused: 'idempotency_key_reused',
  /**
   * The first request with this Idempotency-Key is still being answered; `retryAfter` says when
   * to send it again, which then gets that request's answer.
   */
  IdempotencyKeyInUse: 'idempotency_key_in_use',
  /**
   * The surf challenge's code by email was refused: this view's code went by email already, or
   * the member had today's codes by email (EMAILED_CODES_PER_DAY). Nothing was changed.
   */
  ChallengeEmailLimit: 'challenge_email_limit',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unauthenticated: 401,
  session_revoked: 406,
  forbidden: 403,
  missing_xhr_marker: 403,
  not_found: 404,
  link_invalid: 404,
  method_not_allowed: 405,
  conflict: 409,
  credits_in_review: 409,
  invite_expired: 410,
  invite_used_up: 410,
  invite_revoked: 410,
  banned_from_group: 403,
  team_forbidden: 403,
  team_role_forbidden: 403,
  last_owner: 409,
  team_invite_other_account: 403,
  team_withdraw_disabled: 403,
  not_connected: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  shutting_down: 503,
  unreachable: 0,
  payment_signature_invalid: 403,
  payment_unknown_terminal: 403,
  payment_mismatch: 409,
  active_campaigns_limit: 409,
  payment_provider_failed: 502,
  order_not_reversible: 409,
  payments_unavailable: 409,
  team_required: 400,
  login_suspended: 403,
  balance_below_zero: 409,
  own_account: 409,
  last_admin: 409,
  idempotency_key_reused: 422,
  idempotency_key_in_use: 409,
  challenge_email_limit: 429,
};
