// Names for the wire types. The shapes are generated from the server's OpenAPI document into
// api.generated.ts (`make api-types`); nothing here retypes a shape.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type Role = Schemas['Role'];
export type User = Schemas['User'];
/** The signed-in user (`me`, a new session): a User and whether two-factor set-up must come first. */
export type CurrentUser = Schemas['CurrentUser'];
export type Session = Schemas['Session'];
export type DocumentCategory = Schemas['DocumentCategory'];
export type PersonRef = Schemas['Uploader'];
export type PortalDocument = Schemas['Document'];
export type ActionStatus = Schemas['ActionStatus'];
export type SettableActionStatus = Schemas['SettableActionStatus'];
export type ActionPriority = Schemas['ActionPriority'];
export type Action = Schemas['Action'];
export type Minutes = Schemas['Minutes'];
export type Meeting = Schemas['Meeting'];
export type MeetingDetail = Schemas['MeetingDetail'];
export type AgendaItem = Schemas['AgendaItem'];
export type AgendaPaper = Schemas['AgendaPaper'];
export type AgendaPurpose = Schemas['AgendaPurpose'];
export type AgendaItemRequest = Schemas['AgendaItemRequest'];
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
export type AuditKind = Schemas['AuditKind'];
export type AuditEvent = Schemas['AuditEvent'];
export type AuditEventPage = Schemas['AuditEventPage'];
export type DashboardStats = Schemas['DashboardStats'];
export type ResetRequest = Schemas['ResetRequest'];
export type AdminReset = Schemas['AdminReset'];
export type ErrorBody = Schemas['ErrorBody'];
export type MessageResponse = Schemas['Message'];
export type TicketResponse = Schemas['ViewLink'];

// Guests (spec §6 Guests): someone outside the board, let in until an end date for what their pass names.
export type Guest = Schemas['Guest'];
export type GuestMeeting = Schemas['GuestMeeting'];
export type GuestDocument = Schemas['GuestDocument'];
export type InviteGuestRequest = Schemas['InviteGuestRequest'];
export type ChangeGuestRequest = Schemas['ChangeGuestRequest'];

export type LoginRequest = Schemas['LoginRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type CreateUserRequest = Schemas['CreateUserRequest'];
export type AcceptInvitationRequest = Schemas['AcceptInvitationRequest'];
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

// Two-factor sign-in, sessions, security settings (spec §13).
export type MfaChallenge = Schemas['MfaChallenge'];
export type LoginResponse = Schemas['SignIn'];
export type MfaVerifyRequest = Schemas['VerifyRequest'];
export type ChangeOwnPasswordRequest = Schemas['ChangeOwnPasswordRequest'];
export type MfaSetup = Schemas['MfaSetup'];
export type RecoveryCodes = Schemas['RecoveryCodes'];
export type AuthSession = Schemas['SessionInfo'];
export type SignedOutOthers = Schemas['SessionsEnded'];
export type SecuritySettings = Schemas['SecuritySettings'];
/** Single sign-on on the sign-in page (spec §13 Single sign-on). */
export type SsoInfo = Schemas['SsoInfo'];
/** An identity at a provider that signs in to the caller's account. */
export type SsoLink = Schemas['SsoLink'];
export type NotificationKind = Schemas['NotificationKind'];
export type NotificationSettings = Schemas['NotificationSettings'];

// Attendance and quorum, calendar feeds (spec §2 Attendance section, Calendar feed).
export type AttendanceResponse = Schemas['AttendanceResponse'];
export type RecordedAttendance = Schemas['RecordedAttendance'];
export type MemberAttendance = Schemas['MemberAttendance'];
export type GuestAttendance = Schemas['GuestAttendance'];
export type QuorumSummary = Schemas['QuorumSummary'];
export type Attendance = Schemas['Attendance'];
export type ConflictHandling = Schemas['ConflictHandling'];
export type ConflictDeclaration = Schemas['ConflictDeclaration'];
export type ItemQuorum = Schemas['ItemQuorum'];
export type SuggestedConflict = Schemas['SuggestedConflict'];
export type ItemConflicts = Schemas['ItemConflicts'];
export type MeetingConflicts = Schemas['MeetingConflicts'];
export type DeclareConflictRequest = Schemas['DeclareConflictRequest'];
export type CalendarFeed = Schemas['CalendarFeed'];

// Written minutes through approval, the decisions register (spec §2).
export type WrittenMinutes = Schemas['WrittenMinutesBody'];
export type MinuteEntry = Schemas['MinuteEntryBody'];
export type MinuteEntryRequest = Schemas['EntryRequest'];
export type ApproveMinutesRequest = Schemas['ApproveRequest'];
export type Decision = Schemas['DecisionBody'];
export type WrittenMinutesSummary = Schemas['WrittenMinutesSummaryBody'];
export type TaskKind = Schemas['TaskKind'];
export type Task = Schemas['Task'];
export type SearchKind = Schemas['SearchKind'];
export type SearchOrder = Schemas['SearchOrder'];
export type SnippetRun = Schemas['SnippetRun'];
export type SearchOpen = Schemas['SearchOpen'];
export type SearchResult = Schemas['SearchResult'];
export type SearchResponse = Schemas['SearchResults'];

// Signatures and checking (spec §16).
export type Signature = Schemas['Signature'];
export type SigningMethod = Schemas['SigningMethod'];
export type SignedKind = Schemas['SignedKind'];
/** Who the board named to sign a meeting's minutes besides the chair. */
export type MinutesSigner = Schemas['MinutesSigner'];
/** Who chaired a meeting: they sign its minutes (the board's chair when nobody is recorded). */
export type MeetingChair = Schemas['MeetingChair'];
/** The signing request: the signer's password, or a current two-factor code. */
export type SignRequest = Schemas['ReauthenticateRequest'];
export type VerifyCodeRequest = Schemas['VerifyCodeBody'];
export type VerifyResult = Schemas['VerifyResult'];
