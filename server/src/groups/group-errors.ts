import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';

/** Every refusal of the group calls, worded once. */
export const GROUP_ERRORS = {
  notFound: new AppError(ErrorCode.NotFound, 'Group not found', 'There is no group at this address.'),
  membersOnly: new AppError(
    ErrorCode.Forbidden,
    'Members only',
    'This group is private: only its members see its posts and members.',
  ),
  managersOnly: new AppError(ErrorCode.Forbidden, 'Not allowed', "Only the group's owners and moderators can do this."),
  ownersOnly: new AppError(ErrorCode.Forbidden, 'Not allowed', "Only the group's owners can change roles."),
  ownersOnlyDelete: new AppError(ErrorCode.Forbidden, 'Not allowed', "Only the group's owners can delete it."),
  outranked: new AppError(
    ErrorCode.Forbidden,
    'Not allowed',
    'Moderators can act on members only, and nobody can remove or ban an owner.',
  ),
  notYourself: new AppError(ErrorCode.Validation, 'Not yourself', 'You cannot do this to yourself. To go, leave the group.'),
  memberNotFound: new AppError(
    ErrorCode.NotFound,
    'Not found',
    'This member is not in the group, or their request was already handled.',
  ),
  lastOwner: new AppError(
    ErrorCode.Conflict,
    'You are the last owner',
    'Make another member an owner first: a group always has an owner.',
  ),
  banned: new AppError(ErrorCode.BannedFromGroup, 'You are banned', 'You were banned from this group, so you cannot join it.'),
  inviteNotFound: new AppError(ErrorCode.NotFound, 'Invite not found', 'This invite code does not exist. Please check the link.'),
  inviteRevoked: new AppError(
    ErrorCode.InviteRevoked,
    'Invite revoked',
    "This invite code was revoked by the group's owners. Ask them for a new one.",
  ),
  inviteExpired: new AppError(
    ErrorCode.InviteExpired,
    'Invite expired',
    'This invite code has expired. Ask the group for a new one.',
  ),
  inviteUsedUp: new AppError(
    ErrorCode.InviteUsedUp,
    'Invite used up',
    'This invite code has been used as many times as it allows. Ask the group for a new one.',
  ),
  inviteGone: new AppError(ErrorCode.NotFound, 'Invite not found', 'This group has no such invite code.'),
} as const;
