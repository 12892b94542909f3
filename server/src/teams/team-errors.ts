import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';

/** The refusals of the teams calls, each with its code and the words a member reads. */
export const TEAM_ERRORS = {
  /** Not a team, or not one the caller is active in: the same answer, so it reveals nothing. */
  notFound: new AppError(ErrorCode.NotFound, 'Team not found', 'This team does not exist, or you are not a member of it.'),
  noInvitation: new AppError(ErrorCode.NotFound, 'No invitation', 'There is no open invitation to this team for you.'),
  ownersOnly: new AppError(ErrorCode.TeamRoleForbidden, 'Owners only', 'Only the team’s owners can do this.'),
  auditReaders: new AppError(ErrorCode.TeamRoleForbidden, 'Not allowed', 'Only owners and managers can read the team’s history.'),
  withdrawers: new AppError(
    ErrorCode.TeamRoleForbidden,
    'Not allowed',
    'Only owners and managers can move credits out of the team.',
  ),
  withdrawDisabled: new AppError(
    ErrorCode.TeamWithdrawDisabled,
    'Withdrawals are off',
    'This team does not let its members move its credits to their own balances.',
  ),
  lastOwner: new AppError(
    ErrorCode.LastOwner,
    'The team needs an owner',
    'You are the team’s last owner. Make another member owner (or transfer ownership) first.',
  ),
  memberNotFound: new AppError(ErrorCode.NotFound, 'Member not found', 'This person is not an active member of the team.'),
  inviteeUnknown: new AppError(ErrorCode.NotFound, 'Member not found', 'No member has this username or email address.', {
    field: 'invitee',
  }),
  alreadyIn: new AppError(ErrorCode.Conflict, 'Already in the team', 'This member is already in the team or invited to it.', {
    field: 'invitee',
  }),
  teamFull: new AppError(ErrorCode.Conflict, 'Team full', 'This team has as many members and invitations as it can hold.', {
    field: 'invitee',
  }),
  inviteeFull: new AppError(ErrorCode.Conflict, 'Too many teams', 'This member belongs to as many teams as one can.', {
    field: 'invitee',
  }),
  tooManyTeams: new AppError(ErrorCode.Conflict, 'Too many teams', 'You belong to as many teams as one can.'),
  linkInvalid: new AppError(
    ErrorCode.LinkInvalid,
    'Link not valid',
    'This invitation has expired, was answered already, or was cancelled. Ask the team’s owner for a new one.',
  ),
  otherAccount: new AppError(
    ErrorCode.TeamInviteOtherAccount,
    'Another account',
    'This invitation is for another account. Log in with the invited account to answer it.',
  ),
};
