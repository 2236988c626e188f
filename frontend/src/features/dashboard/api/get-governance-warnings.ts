// What admins and chairs are warned of on the dashboard (spec §10): terms ending within three months,
// service past nine years, and declarations flagged as "may be disqualified".
import useSWR from 'swr';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type ServiceWarning = Schemas['TrusteeService'];

export type RoundCounts = Schemas['DeclarationRoundSummary'];

export const useServiceWarnings = (enabled: boolean) =>
  useSWR<ServiceWarning[]>(enabled ? '/api/terms/warnings' : null);

export const useRoundCounts = () => useSWR<RoundCounts[]>('/api/declaration-rounds');

/** Only what the dashboard needs of a written resolution. */
export type ResolutionToVote = Pick<Schemas['Resolution'], 'id' | 'canVote'>;

export const useResolutionsToVote = () => useSWR<ResolutionToVote[]>('/api/resolutions');
