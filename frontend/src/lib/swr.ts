// SWR as spec §7 wants it: no retry, no focus revalidation, data never stale, no polling.
import { useCallback, useEffect } from 'react';
import { useSWRConfig, type Middleware, type SWRConfiguration } from 'swr';
import { api } from '@/lib/api-client';

/** How many mounted hooks use each key; a write refetches those and forgets the others. */
const mounted = new Map<string, number>();

const trackMounted: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const name = typeof key === 'string' ? key : null;
  useEffect(() => {
    if (!name) return undefined;
    mounted.set(name, (mounted.get(name) ?? 0) + 1);
    return () => {
      const left = (mounted.get(name) ?? 1) - 1;
      if (left > 0) mounted.set(name, left);
      else mounted.delete(name);
    };
  }, [name]);
  return useSWRNext(key, fetcher, config);
};

export const swrConfig: SWRConfiguration = {
  fetcher: (key: string) => api.get(key),
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  errorRetryCount: 0,
  use: [trackMounted],
};

/** Matches a list key and its query variants: '/api/notices' matches '/api/notices?x=1'. */
export const keyMatches = (key: unknown, prefixes: string[]): boolean =>
  typeof key === 'string' && prefixes.some((p) => key === p || key.startsWith(`${p}?`));

/**
 * Answers a function that invalidates every cached answer under the given paths: lists on screen
 * are refetched at once, the others are dropped from the cache so that they are fetched afresh
 * when next shown (data is otherwise never stale, so a kept copy would never be refreshed).
 */
export function useRevalidate(): (...prefixes: string[]) => Promise<void> {
  const { mutate, cache } = useSWRConfig();
  return useCallback(
    async (...prefixes: string[]) => {
      const offScreen = (key: unknown) => keyMatches(key, prefixes) && !mounted.has(key as string);
      // Forget any request in flight for lists off screen, then their cached answers.
      await mutate(offScreen);
      for (const key of Array.from(cache.keys())) if (offScreen(key)) cache.delete(key);
      await mutate((key) => keyMatches(key, prefixes) && mounted.has(key as string));
    },
    [mutate, cache],
  );
}
