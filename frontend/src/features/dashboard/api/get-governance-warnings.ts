// What admins and chairs are warned of on the dashboard (issue 14): terms ending within three months,
// service past nine years, and declarations flagged as "may be disqualified".
import useSWR from 'swr';

export type ServiceWarning = {
  userId: number;
  name: string;
  currentTermEndsOn: string | null;
  serviceYears: number;
  termEndingSoon: boolean;
  pastNineYears: boolean;
};

export type RoundCounts = {
  id: number;
  year: number;
  deadline: string;
  closedAt: string | null;
  asked: boolean;
  declaredByMe: boolean;
  members: number;
  declared: number;
  flagged: number | null;
};

export const useServiceWarnings = (enabled: boolean) =>
  useSWR<ServiceWarning[]>(enabled ? '/api/terms/warnings' : null);

export const useRoundCounts = () => useSWR<RoundCounts[]>('/api/declaration-rounds');

/** Only what the dashboard needs of a written resolution. */
export type ResolutionToVote = { id: number; canVote: boolean };

export const useResolutionsToVote = () => useSWR<ResolutionToVote[]>('/api/resolutions');
