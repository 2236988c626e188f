// Wire types of the governance endpoints (issue 14). They mirror the OpenAPI schemas of the same names;
// once the generated types (make api-types) land, these become aliases of them.
import type { Role } from '@/types/api';

export type InterestKind =
  | 'employment'
  | 'directorship'
  | 'trusteeship'
  | 'shareholding'
  | 'family'
  | 'gift-or-hospitality'
  | 'other';

export type InterestFields = {
  kind: InterestKind;
  organisation: string;
  nature: string;
  startedOn: string;
  endedOn: string | null;
};

export type Interest = InterestFields & {
  id: number;
  userId: number;
  userName: string;
  current: boolean;
  updatedAt: string;
};

export type InterestVersion = {
  changedBy: number | null;
  changedByName: string;
  changedAt: string;
  before: InterestFields | null;
  after: InterestFields;
};

export type RegisterVisibility = 'members' | 'officers';
export type GovernanceSettings = { registerVisibility: RegisterVisibility };

export type Term = {
  id: number;
  userId: number;
  startedOn: string;
  termYears: number;
  reappointment: boolean;
  endedOn: string | null;
  endsOn: string;
};

export type TrusteeService = {
  userId: number;
  name: string;
  role: Role;
  terms: Term[];
  currentTermEndsOn: string | null;
  serviceDays: number;
  serviceYears: number;
  termEndingSoon: boolean;
  pastNineYears: boolean;
};

export type DeclarationRound = {
  id: number;
  year: number;
  deadline: string;
  codeOfConductDocumentId: number | null;
  codeOfConductTitle: string;
  openedAt: string;
  closedAt: string | null;
};

export type DeclarationRoundSummary = DeclarationRound & {
  members: number;
  declared: number;
  flagged: number | null;
};

export type DeclarationMember = {
  userId: number;
  name: string;
  declared: boolean;
  declaredAt: string | null;
  declaredName: string | null;
  over18: boolean | null;
  noDisqualification: boolean | null;
  mayBeDisqualified: boolean | null;
};

export type DeclarationRoundDetail = DeclarationRound & {
  members: DeclarationMember[];
  disqualificationGrounds: string[];
};

export type ThresholdKind = 'majority' | 'count' | 'unanimous';
export type VoteChoice = 'for' | 'against' | 'abstain';
export type ResolutionStatus = 'open' | 'passed' | 'failed';

export type Resolution = {
  id: number;
  title: string;
  text: string;
  closesAt: string;
  threshold: ThresholdKind;
  thresholdCount: number | null;
  proposedByName: string;
  proposedAt: string;
  status: ResolutionStatus;
  decidedAt: string | null;
  decidedEarly: boolean;
  papers: { documentId: number; title: string }[];
  voters: { userId: number; name: string; conflicted: boolean; voted: boolean }[];
  eligibleCount: number;
  votedCount: number;
  canVote: boolean;
  myVote: VoteChoice | null;
  tally: {
    for: number;
    against: number;
    abstain: number;
    outstanding: number;
    needed: number;
  } | null;
  votes:
    | {
        userId: number;
        voterName: string;
        vote: VoteChoice;
        comment: string | null;
        votedAt: string;
      }[]
    | null;
};

export const interestKindLabels: Record<InterestKind, string> = {
  employment: 'Employment',
  directorship: 'Directorship',
  trusteeship: 'Trusteeship',
  shareholding: 'Shareholding',
  family: 'Family or personal relationship',
  'gift-or-hospitality': 'Gift or hospitality',
  other: 'Other',
};
