import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/** The server's stable codes of the team calls, each with its message in the UI's language. */
const BY_CODE = {
  team_owner_only: 'errors.ownerOnly',
  team_invite_self: 'errors.inviteSelf',
  team_already_member: 'errors.alreadyMember',
  team_invite_not_found: 'errors.inviteNotFound',
  team_member_not_found: 'errors.memberNotFound',
  team_not_member: 'errors.notMember',
  team_invite_wrong_account: 'errors.wrongAccount',
  team_conflict: 'errors.conflict',
  invalid_token: 'errors.invalidInvite',
  rate_limited: 'errors.rateLimited',
  validation_failed: 'errors.invalidEmail',
  unauthorized: 'errors.signedOut',
} as const;

export function teamErrorMessage(t: TFunction<'team'>, err: unknown): string {
  const key = err instanceof ApiError ? BY_CODE[err.code as keyof typeof BY_CODE] : undefined;
  return t(key ?? 'errors.generic');
}
