// The board's secretary, from the governance settings (GET /api/governance/settings, spec §16 Signing):
// they certify passed written resolutions besides the chair.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.generated';

type GovernanceSettings = components['schemas']['GovernanceSettings'];

/** The same key as the governance feature's settings, so both share one answer. */
const settingsPath = '/api/governance/settings';

export function useSecretary(wanted: boolean) {
  const { data } = useSWR<GovernanceSettings>(wanted ? settingsPath : null, (path: string) =>
    api.get<GovernanceSettings>(path),
  );
  if (!data) return undefined;
  return data.secretaryId === null || data.secretaryId === undefined
    ? null
    : { id: data.secretaryId, name: data.secretaryName ?? '' };
}
