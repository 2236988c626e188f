// The register of interests: list, add, edit, history, exports and the visibility setting.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { components } from '@/types/api.generated';
import type {
  GovernanceSettings,
  Interest,
  InterestVersion,
  RegisterVisibility,
} from '@/features/governance/types';

export const interestsPath = '/api/interests';
export const settingsPath = '/api/governance/settings';
export const interestsCsvPath = '/api/interests/export/csv';
export const interestsPdfPath = '/api/interests/export/pdf';

export const useInterests = () => useSWR<Interest[]>(interestsPath);
export const useInterestHistory = (id: number | null) =>
  useSWR<InterestVersion[]>(id === null ? null : `${interestsPath}/${id}/history`);
export const useGovernanceSettings = () => useSWR<GovernanceSettings>(settingsPath);

export type InterestInput = components['schemas']['InterestRequest'];

export function useSaveInterest() {
  const revalidate = useRevalidate();
  return async (id: number | null, input: InterestInput) => {
    const saved =
      id === null
        ? await api.post<Interest>(interestsPath, input)
        : await api.put<Interest>(`${interestsPath}/${id}`, input);
    await revalidate(interestsPath);
    return saved;
  };
}

export function useSetRegisterVisibility() {
  const revalidate = useRevalidate();
  return async (registerVisibility: RegisterVisibility) => {
    const saved = await api.put<GovernanceSettings>(settingsPath, { registerVisibility });
    await revalidate(settingsPath, interestsPath);
    return saved;
  };
}
