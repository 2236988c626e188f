// Wire types of the API, exactly as docs/api-contract.md describes them.

export type Role = 'admin' | 'chair' | 'trustee';

export type User = {
  id: number;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  phone: string | null;
  createdAt: string;
  requirePasswordChange: boolean;
};

export type DocumentCategory =
  'governance' | 'finance' | 'safeguarding' | 'risk-register' | 'policies' | 'misc';

export type PersonRef = { id: number; name: string };

export type PortalDocument = {
  id: number;
  title: string;
  category: DocumentCategory;
  version: string;
  mimeType: string;
  fileSize: number;
  fileName: string;
  updatedAt: string;
  uploadedBy: PersonRef | null;
};

export type ActionStatus = 'pending' | 'in-progress' | 'complete' | 'overdue';
export type ActionPriority = 'low' | 'medium' | 'high';

export type Action = {
  id: number;
  title: string;
  description: string;
  assignedTo: number | null;
  assignedToName: string | null;
  dueDate: string | null;
  priority: ActionPriority;
  status: ActionStatus;
  createdAt: string;
  updatedAt: string;
};

export type Minutes = {
  id: number;
  title: string;
  meetingDate: string;
  meetingId: number | null;
  fileName: string | null;
  fileSize: number | null;
  externalLink: string | null;
  createdAt: string;
};

export type Meeting = {
  id: number;
  title: string;
  description: string;
  meetingDate: string;
  location: string | null;
  meetingLink: string | null;
  agendaLink: string | null;
  minutesId: number | null;
  minutesLink: string | null;
  createdAt: string;
};

export type NoticePriority = 'low' | 'normal' | 'high';

export type Notice = {
  id: number;
  title: string;
  content: string;
  priority: NoticePriority;
  pinned: boolean;
  expiresAt: string | null;
  publishedAt: string;
  expired: boolean;
};

export type CommitteeRole = 'committee_chair' | 'member';

export type Committee = {
  id: number;
  name: string;
  description: string;
  archived: boolean;
  memberCount: number;
  role: CommitteeRole | null;
  createdAt: string;
};

export type CommitteeMember = {
  userId: number;
  name: string;
  email: string;
  role: CommitteeRole;
  joinedAt: string;
};

export type CommitteeMessage = {
  id: number;
  message: string;
  sentAt: string;
  user: PersonRef | null;
};

export type CommitteeDocument = {
  id: number;
  title: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  uploadedAt: string;
  uploadedBy: PersonRef | null;
};

export type DirectoryEntry = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  joinedDate: string;
  committees: { id: number; name: string; role: 'chair' | 'member' }[];
};

export type DashboardStats = {
  pendingActions: number;
  documents: number;
  nextMeeting: string | null;
  trustees: number | null;
};

export type ResetRequest = {
  id: number;
  email: string;
  userId: number | null;
  userName: string | null;
  requestedAt: string;
};

export type MessageResponse = { message: string };
export type TicketResponse = { url: string };
