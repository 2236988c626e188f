// Names for the governance wire types (spec §10); the shapes are generated from the server's OpenAPI
// document into src/types/api.generated.ts (`make api-types`).
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type InterestKind = Schemas['InterestKind'];
export type InterestFields = Schemas['InterestFields'];
export type Interest = Schemas['Interest'];
export type InterestVersion = Schemas['InterestVersion'];
export type RegisterVisibility = Schemas['RegisterVisibility'];
export type GovernanceSettings = Schemas['GovernanceSettings'];
export type Term = Schemas['Term'];
export type TrusteeService = Schemas['TrusteeService'];
export type DeclarationRound = Schemas['DeclarationRound'];
export type DeclarationRoundSummary = Schemas['DeclarationRoundSummary'];
export type DeclarationMember = Schemas['DeclarationMember'];
export type DeclarationRoundDetail = Schemas['DeclarationRoundDetail'];
export type ThresholdKind = Schemas['ThresholdKind'];
export type VoteChoice = Schemas['VoteChoice'];
export type ResolutionStatus = Schemas['ResolutionStatus'];
export type Resolution = Schemas['Resolution'];

export const interestKindLabels: Record<InterestKind, string> = {
  employment: 'Employment',
  directorship: 'Directorship',
  trusteeship: 'Trusteeship',
  shareholding: 'Shareholding',
  family: 'Family or personal relationship',
  'gift-or-hospitality': 'Gift or hospitality',
  other: 'Other',
};
