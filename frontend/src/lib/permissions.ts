// The role rules of spec §6, in one place.
import type { Action, Committee, Role, User } from '@/types/api';

type Actor = Pick<User, 'id' | 'role'>;

export const isAdminOrChair = (user: Actor | null | undefined): boolean =>
  user?.role === 'admin' || user?.role === 'chair';

/**
 * Someone outside the board let in until an end date for what their pass names (spec §6 Guests): they
 * open only those meetings and documents, and nothing of the board's own.
 */
export const isGuest = (user: Pick<User, 'role'> | null | undefined): boolean =>
  user?.role === 'guest';

/** Invite guests, change or end their access (spec §6 Guests). */
export const canManageGuests = isAdminOrChair;

/** Upload/delete documents, create/delete actions, minutes, meetings, notices, committees. */
export const canManageContent = isAdminOrChair;

export const canOpenUserManagement = isAdminOrChair;

/** The Mail page (delivery log, test e-mail): admins only, as the server checks. */
export const canManageMail = (user: Actor | null | undefined): boolean => user?.role === 'admin';

/** The Audit log page: admins only, as the server checks. */
export const canReadAuditLog = (user: Actor | null | undefined): boolean => user?.role === 'admin';

export const canCreateUsers = (user: Actor | null | undefined): boolean => user?.role === 'admin';

/** Edit and reset the password of a user: admins all users, chairs trustees only. */
export const canManageUser = (actor: Actor, target: Pick<User, 'role'>): boolean =>
  actor.role === 'admin' || (actor.role === 'chair' && target.role === 'trustee');

/** As canManageUser, but nobody resets their own password here: they change it in Account security,
 * which asks for the current one (the server refuses it too: spec §13). */
export const canResetPassword = (actor: Actor, target: Pick<User, 'id' | 'role'>): boolean =>
  canManageUser(actor, target) && actor.id !== target.id;

/** As canManageUser, but nobody deletes themself. */
export const canDeleteUser = (actor: Actor, target: Pick<User, 'id' | 'role'>): boolean =>
  canManageUser(actor, target) && actor.id !== target.id;

export const roleChoices = (actor: Actor): Role[] => {
  if (actor.role === 'admin') return ['admin', 'chair', 'trustee'];
  if (actor.role === 'chair') return ['chair', 'trustee'];
  return [];
};

/** Complete actions have no selector; trustees only change actions assigned to them. */
export const canChangeActionStatus = (
  user: Actor,
  action: Pick<Action, 'status' | 'assignedTo'>,
): boolean =>
  action.status !== 'complete' && (isAdminOrChair(user) || action.assignedTo === user.id);

/** Archive, delete and manage members: the committee's own chair, an admin or a chair. */
export const canManageCommittee = (user: Actor, committee: Pick<Committee, 'role'>): boolean =>
  committee.role === 'committee_chair' || isAdminOrChair(user);

export const roleLabel = (role: Role): string =>
  ({ admin: 'Admin', chair: 'Chair', trustee: 'Trustee', guest: 'Guest' })[role] ?? role;
