// The board's reading-records switch (spec §2 Pack reader, Reading records), one of the governance
// settings (GET/PUT /api/governance/settings).
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { GovernanceSettings } from '@/features/governance/types';
import { settingsPath } from '@/features/governance/api/interests';

/**
 * The settings with the switch. Typed here until the generated GovernanceSettings has it; undefined while
 * the server does not send it.
 */
export type ReadingRecordsSettings = GovernanceSettings & { readingRecords?: boolean };

/** A reading record or summary: `/api/meetings/{id}/reading`, `.../reading-summary`, `/api/papers/{kind}/{id}/reading`. */
const readingKey = /^\/api\/(meetings\/\d+\/reading(-summary)?|papers\/[a-z-]+\/\d+\/reading)$/;

export function useSetReadingRecords() {
  const revalidate = useRevalidate();
  const { cache } = useSWRConfig();
  return async (readingRecords: boolean) => {
    const saved = await api.put<ReadingRecordsSettings>(settingsPath, { readingRecords });
    // Every meeting's reading records and summaries change with the switch (switching off deletes them).
    const readings = Array.from(cache.keys()).filter(
      (key) => typeof key === 'string' && readingKey.test(key),
    );
    await revalidate(settingsPath, ...readings);
    return saved;
  };
}
