// What admins and chairs are warned of on the dashboard (spec §10): service past nine years and
// declarations flagged as "may be disqualified" (terms ending and declarations outstanding are tasks).
import useSWR from 'swr';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type ServiceWarning = Schemas['TrusteeService'];

export type RoundCounts = Schemas['DeclarationRoundSummary'];

export const useServiceWarnings = (enabled: boolean) =>
  useSWR<ServiceWarning[]>(enabled ? '/api/terms/warnings' : null);

export const useRoundCounts = (enabled: boolean) =>
  useSWR<RoundCounts[]>(enabled ? '/api/declaration-rounds' : null);
