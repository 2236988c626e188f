// Names for the wire types. The shapes are generated from the server's OpenAPI document into
// api.generated.ts (`make api-types`); nothing here retypes a shape.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type Role = Schemas['Role'];
export type User = Schemas['User'] & IssueTenUserFields;
export type Session = Omit<Schemas['Session'], 'user'> & { user: User; idleMinutes: number };
export type DocumentCategory = Schemas['DocumentCategory'];
export type PersonRef = Schemas['Uploader'];
export type PortalDocument = Schemas['Document'];
export type ActionStatus = Schemas['ActionStatus'];
export type SettableActionStatus = Schemas['SettableActionStatus'];
export type ActionPriority = Schemas['ActionPriority'];
export type Action = Schemas['Action'];
export type Minutes = Schemas['Minutes'];
export type Meeting = Schemas['Meeting'];
export type NoticePriority = Schemas['NoticePriority'];
export type Notice = Schemas['Notice'];
export type CommitteeRole = Schemas['CommitteeRole'];
export type Committee = Schemas['Committee'];
export type CommitteeMember = Schemas['CommitteeMember'];
export type CommitteeMessage = Schemas['CommitteeMessage'];
export type CommitteeDocument = Schemas['CommitteeDocument'];
export type DirectoryEntry = Schemas['DirectoryEntry'];
export type MailDelivery = Schemas['MailDelivery'];
export type MailLog = Schemas['MailLog'];
export type DashboardStats = Schemas['DashboardStats'];
export type ResetRequest = Schemas['ResetRequest'];
export type AdminReset = Schemas['AdminReset'];
export type ErrorBody = Schemas['ErrorBody'];
export type MessageResponse = Schemas['Message'];
export type TicketResponse = Schemas['ViewLink'];

export type LoginRequest = Schemas['LoginRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type CreateUserRequest = Schemas['CreateUserRequest'];
export type UpdateUserRequest = Schemas['UpdateUserRequest'];
export type CreateActionRequest = Schemas['CreateActionRequest'];
export type CreateMeetingRequest = Schemas['CreateMeetingRequest'];
export type CreateNoticeRequest = Schemas['CreateNoticeRequest'];
export type CreateCommitteeRequest = Schemas['CreateCommitteeRequest'];
export type AddMemberRequest = Schemas['AddMemberRequest'];

/** A multipart upload's text fields as the document names them, with the browser's File for the file. */
export type UploadFields<T> = Omit<T, 'file'> & { file: File };
export type DocumentUpload = Schemas['DocumentUpload'];
export type MinutesUpload = Schemas['MinutesUpload'];
export type CommitteeDocumentUpload = Schemas['CommitteeDocumentUpload'];

// ---- HAND-WRITTEN, issue 10 (accounts and sessions) -------------------------------------------------
// The server's OpenAPI document does not have these yet: they follow the API agreed for issue 10. Once
// the back end has landed, `make api-types` generates them: replace each with `Schemas['...']` (and drop
// the two intersections above) and delete this block.
type IssueTenUserFields = {
  /** The user signs in with a second factor (TOTP). */
  mfaEnabled: boolean;
  /** An admin or chair who must set up two-factor sign-in before anything else opens. */
  mfaEnrolmentRequired: boolean;
};
/** The password step's answer when the account has two-factor sign-in. */
export type MfaChallenge = { mfaRequired: true; mfaToken: string };
export type LoginResponse = Session | MfaChallenge;
export type MfaVerifyRequest = { mfaToken: string; code: string };
export type ChangeOwnPasswordRequest = { currentPassword: string; newPassword: string };
export type MfaSetup = { secret: string; otpauthUrl: string };
export type MfaCodeRequest = { code: string };
export type RecoveryCodes = { recoveryCodes: string[] };
/** One of the caller's sessions (GET /api/auth/sessions). */
export type AuthSession = {
  id: number;
  device: string;
  address: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
};
export type SignedOutOthers = { message: string; count: number };
export type SecuritySettings = { requireMfaForOfficers: boolean };
// ---- end of the hand-written block -------------------------------------------------------------------
