// An in-memory store behind the MSW handlers: the API's state for one test.
import type {
  SecuritySettings,
  Action,
  AuditEvent,
  Committee,
  CommitteeDocument,
  CommitteeMessage,
  CommitteeRole,
  Meeting,
  Minutes,
  Notice,
  PortalDocument,
  ResetRequest,
  Task,
  CurrentUser,
  User,
} from '@/types/api';
import type { components } from '@/types/api.generated';
import { seedReading, type ReadingStore } from '@/testing/mocks/reading-records';

export type StoredUser = CurrentUser & {
  password: string;
  /** Two-factor sign-in: the secret of a set-up not yet confirmed, and the recovery codes. */
  pendingSecret?: string;
  recoveryCodes?: string[];
};
/** One sign-in of a user; `token` is its bearer token. */
export type StoredSession = {
  id: number;
  userId: number;
  token: string;
  /** The password was not given in this session in the last 5 minutes (spec: Confirming it is you). */
  unconfirmed?: boolean;
  device: string;
  address: string;
  signedInAt: string;
  lastActiveAt: string;
};
export type StoredCommittee = Omit<Committee, 'role' | 'memberCount'>;
export type StoredMember = {
  committeeId: number;
  userId: number;
  role: CommitteeRole;
  joinedAt: string;
};
export type StoredMessage = CommitteeMessage & { committeeId: number };
export type StoredCommitteeDocument = CommitteeDocument & { committeeId: number };

export type Db = {
  users: StoredUser[];
  documents: PortalDocument[];
  actions: Action[];
  minutes: Minutes[];
  meetings: Meeting[];
  notices: Notice[];
  committees: StoredCommittee[];
  members: StoredMember[];
  messages: StoredMessage[];
  committeeDocuments: StoredCommitteeDocument[];
  resetRequests: ResetRequest[];
  auditEvents: AuditEvent[];
  sessions: StoredSession[];
  /** The pages the reader sent (POST /api/reading/pages), as sent. */
  /** `GET /api/me/tasks` of whoever asks. */
  tasks: Task[];
  securitySettings: SecuritySettings;
  /** `GET /api/mail/status`: the server has an SMTP_URL. */
  smtpConfigured: boolean;
  /** Invitations sent: whom to, in order. */
  invitationsSent: number[];
  /** The board's governance settings (GET/PUT /api/governance/settings), reading records among them. */
  /** The settings but the reading-records switch, which is `reading.enabled`. */
  governanceSettings: Omit<components['schemas']['GovernanceSettings'], 'readingRecords'>;
  /** Reading records: the switch, the meetings' PDF papers, the pages each person has shown. */
  reading: ReadingStore;
  nextId: number;
};

const auditEvent = (
  id: number,
  occurredAt: string,
  kind: AuditEvent['kind'],
  actor: { id: number | null; name: string; email: string } | null,
  object: Pick<AuditEvent, 'objectType' | 'objectId' | 'objectLabel'>,
  details: string | null = null,
): AuditEvent => ({
  id,
  occurredAt,
  kind,
  actorId: actor?.id ?? null,
  actorName: actor?.name ?? null,
  actorEmail: actor?.email ?? null,
  ...object,
  details,
  clientAddress: '192.0.2.10',
});

const day = 24 * 60 * 60 * 1000;
export const isoDaysFromNow = (days: number): string =>
  new Date(Date.now() + days * day).toISOString();
const dateDaysFromNow = (days: number): string => isoDaysFromNow(days).slice(0, 10);

export const ADMIN_ID = 1;
export const CHAIR_ID = 2;
export const TRUSTEE_ID = 3;
export const OTHER_TRUSTEE_ID = 4;

const user = (id: number, name: string, email: string, role: User['role']): StoredUser => ({
  id,
  name,
  email,
  role,
  active: true,
  phone: id === ADMIN_ID ? '01234 567890' : null,
  createdAt: '2025-01-05T10:00:00Z',
  requirePasswordChange: false,
  mfaEnabled: false,
  mfaEnrolmentRequired: false,
  invitation: null,
  accessEndsAt: null,
  password: 'password1',
});

/** Every user starts with two sessions: this browser's (token `token-{id}`) and a phone's. */
const sessionsOf = (userId: number): StoredSession[] => [
  {
    id: userId * 10,
    userId,
    token: `token-${userId}`,
    device: 'Firefox on Windows',
    address: '192.0.2.10',
    signedInAt: '2025-01-05T09:00:00Z',
    lastActiveAt: '2025-01-05T10:00:00Z',
  },
  {
    id: userId * 10 + 1,
    userId,
    token: `token-${userId}-phone`,
    device: 'Safari on iPhone',
    address: '198.51.100.7',
    signedInAt: '2025-01-04T08:00:00Z',
    lastActiveAt: '2025-01-04T20:30:00Z',
  },
];

/** The TOTP code the mocks accept (a real server computes it from the secret and the time). */
export const VALID_TOTP_CODE = '123456';
export const MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function seed(): Db {
  return {
    users: [
      user(ADMIN_ID, 'Alice Admin', 'alice@charity.org', 'admin'),
      user(CHAIR_ID, 'Charlie Chair', 'charlie@charity.org', 'chair'),
      user(TRUSTEE_ID, 'Tina Trustee', 'tina@charity.org', 'trustee'),
      user(OTHER_TRUSTEE_ID, 'Oscar Other', 'oscar@charity.org', 'trustee'),
    ],
    documents: [
      {
        id: 1,
        title: 'Annual Accounts 2024',
        category: 'finance',
        version: '2.0',
        mimeType: 'application/pdf',
        fileSize: 204800,
        fileName: 'accounts.pdf',
        updatedAt: '2025-01-05T09:00:00Z',
        uploadedBy: { id: ADMIN_ID, name: 'Alice Admin' },
      },
      {
        id: 2,
        title: 'Safeguarding Policy',
        category: 'safeguarding',
        version: '1.0',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        fileSize: 51200,
        fileName: 'safeguarding.docx',
        updatedAt: '2025-01-04T09:00:00Z',
        uploadedBy: null,
      },
    ],
    actions: [
      {
        id: 1,
        title: 'Review budget',
        description: 'Go through the draft budget before the next meeting.',
        assignedTo: TRUSTEE_ID,
        assignedToName: 'Tina Trustee',
        dueDate: dateDaysFromNow(10),
        priority: 'high',
        status: 'pending',
        createdAt: '2025-01-05T09:00:00Z',
        updatedAt: '2025-01-05T09:00:00Z',
        meetingId: null,
      },
      {
        id: 2,
        title: 'Update risk register',
        description: '',
        assignedTo: OTHER_TRUSTEE_ID,
        assignedToName: null,
        dueDate: null,
        priority: 'medium',
        status: 'in-progress',
        createdAt: '2025-01-04T09:00:00Z',
        updatedAt: '2025-01-04T09:00:00Z',
        meetingId: 7,
      },
      {
        id: 3,
        title: 'File charity return',
        description: 'Done.',
        assignedTo: TRUSTEE_ID,
        assignedToName: 'Tina Trustee',
        dueDate: '2025-01-01',
        priority: 'low',
        status: 'complete',
        createdAt: '2025-01-03T09:00:00Z',
        updatedAt: '2025-01-03T09:00:00Z',
        meetingId: null,
      },
    ],
    minutes: [
      {
        id: 1,
        title: 'January Board Meeting',
        meetingDate: '2025-01-15T18:00:00Z',
        meetingId: null,
        fileName: 'jan.pdf',
        fileSize: 10240,
        externalLink: null,
        createdAt: '2025-01-16T10:00:00Z',
      },
      {
        id: 2,
        title: 'December Board Meeting',
        meetingDate: '2024-12-10T18:00:00Z',
        meetingId: null,
        fileName: null,
        fileSize: null,
        externalLink: 'https://example.org/minutes/dec',
        createdAt: '2024-12-11T10:00:00Z',
      },
    ],
    meetings: [
      {
        id: 1,
        title: 'Spring Board Meeting',
        description: 'Quarterly meeting',
        meetingDate: isoDaysFromNow(7),
        location: 'Community Hall',
        meetingLink: 'https://meet.example.org/spring',
        agendaLink: 'https://example.org/agenda',
        kind: 'board',
        committeeId: null,
        committeeName: null,
        minutesId: null,
        minutesLink: null,
        createdAt: '2025-01-01T10:00:00Z',
        status: 'scheduled',
        cancelledAt: null,
        durationMinutes: 120,
        plannedEnd: isoDaysFromNow(7),
        agendaStatus: 'draft',
        agendaPublishedAt: null,
        agendaChangedSincePublication: false,
        revision: 0,
        updatedAt: '2025-01-01T10:00:00Z',
      },
      {
        id: 2,
        title: 'Winter Board Meeting',
        description: 'Quarterly meeting',
        meetingDate: isoDaysFromNow(-30),
        location: null,
        meetingLink: 'https://meet.example.org/winter',
        agendaLink: null,
        kind: 'board',
        committeeId: null,
        committeeName: null,
        minutesId: 1,
        minutesLink: null,
        createdAt: '2024-11-01T10:00:00Z',
        status: 'scheduled',
        cancelledAt: null,
        durationMinutes: 120,
        plannedEnd: isoDaysFromNow(-30),
        agendaStatus: 'draft',
        agendaPublishedAt: null,
        agendaChangedSincePublication: false,
        revision: 0,
        updatedAt: '2024-11-01T10:00:00Z',
      },
    ],
    notices: [
      {
        id: 1,
        title: 'Office closed',
        content: 'The office is closed over the holidays.',
        priority: 'high',
        pinned: true,
        expiresAt: null,
        publishedAt: '2025-01-05T10:00:00Z',
        expired: false,
      },
      {
        id: 2,
        title: 'Old announcement',
        content: 'This one has expired.',
        priority: 'low',
        pinned: false,
        expiresAt: isoDaysFromNow(-2),
        publishedAt: '2024-12-01T10:00:00Z',
        expired: true,
      },
    ],
    committees: [
      {
        id: 1,
        name: 'Finance Committee',
        description: 'Money matters',
        archived: false,
        createdAt: '2025-01-01T10:00:00Z',
      },
      {
        id: 2,
        name: 'Old Working Group',
        description: 'Finished',
        archived: true,
        createdAt: '2024-01-01T10:00:00Z',
      },
    ],
    members: [
      {
        committeeId: 1,
        userId: TRUSTEE_ID,
        role: 'committee_chair',
        joinedAt: '2025-01-01T10:00:00Z',
      },
      {
        committeeId: 1,
        userId: OTHER_TRUSTEE_ID,
        role: 'member',
        joinedAt: '2025-01-01T10:00:00Z',
      },
      { committeeId: 2, userId: TRUSTEE_ID, role: 'member', joinedAt: '2024-01-01T10:00:00Z' },
    ],
    messages: [
      {
        committeeId: 1,
        id: 1,
        message: 'Welcome to the finance committee',
        sentAt: '2025-01-05T10:00:00Z',
        user: { id: TRUSTEE_ID, name: 'Tina Trustee' },
      },
    ],
    committeeDocuments: [],
    tasks: [],
    resetRequests: [
      {
        id: 1,
        email: 'oscar@charity.org',
        userId: OTHER_TRUSTEE_ID,
        userName: 'Oscar Other',
        requestedAt: '2025-01-05T10:00:00Z',
      },
    ],
    // Oldest first, as appended; the handler answers newest first.
    auditEvents: [
      auditEvent(
        1,
        '2025-01-05T09:00:00Z',
        'sign_in_failed',
        null,
        { objectType: 'user', objectId: null, objectLabel: 'tina@charity.org' },
        'refused with 401',
      ),
      auditEvent(
        2,
        '2025-01-05T09:01:00Z',
        'sign_in_succeeded',
        { id: TRUSTEE_ID, name: 'Tina Trustee', email: 'tina@charity.org' },
        { objectType: 'user', objectId: String(TRUSTEE_ID), objectLabel: 'Tina Trustee' },
      ),
      auditEvent(
        3,
        '2025-01-06T10:00:00Z',
        'document_downloaded',
        { id: TRUSTEE_ID, name: 'Tina Trustee', email: 'tina@charity.org' },
        { objectType: 'document', objectId: '1', objectLabel: 'Safeguarding policy' },
        'file: policy.pdf',
      ),
      auditEvent(
        4,
        '2025-01-07T11:00:00Z',
        'user_role_changed',
        { id: ADMIN_ID, name: 'Alice Admin', email: 'alice@charity.org' },
        {
          objectType: 'user',
          objectId: String(OTHER_TRUSTEE_ID),
          objectLabel: 'Oscar Other <oscar@charity.org>',
        },
        'role: trustee -> chair',
      ),
      auditEvent(
        5,
        '2025-01-08T12:00:00Z',
        'signed_out',
        { id: null, name: 'Derek Departed', email: 'derek@charity.org' },
        { objectType: 'user', objectId: '9', objectLabel: null },
      ),
    ],
    sessions: [ADMIN_ID, CHAIR_ID, TRUSTEE_ID, OTHER_TRUSTEE_ID].flatMap(sessionsOf),
    securitySettings: { requireMfaForOfficers: false },
    smtpConfigured: true,
    invitationsSent: [],
    governanceSettings: {
      registerVisibility: 'members',
      quorumRule: 'count',
      quorumMinimum: 3,
      quorumNumerator: 1,
      quorumDenominator: 3,
      secretaryId: null,
      secretaryName: null,
    },
    reading: seedReading(),
    nextId: 100,
  };
}

export let db: Db = seed();

export function resetDb(): void {
  db = seed();
}

export const nextId = (): number => {
  db.nextId += 1;
  return db.nextId;
};

export const tokenFor = (userId: number): string => `token-${userId}`;

export const publicUser = ({
  password: _password,
  pendingSecret: _secret,
  recoveryCodes: _codes,
  ...rest
}: StoredUser): CurrentUser => rest;
