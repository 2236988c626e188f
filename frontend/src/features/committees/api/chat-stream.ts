// The live chat (spec §7, §9): the committee's Server-Sent Events stream, read with fetch so that
// the token goes in the Authorization header. The library resumes with Last-Event-ID after a
// dropped connection; while the stream cannot connect, the chat polls the list instead.
import { useEffect, useState } from 'react';
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { useSWRConfig } from 'swr';
import { tokenStore } from '@/lib/token-store';
import type { CommitteeMessage } from '@/types/api';
import { messagesKey } from '@/features/committees/api/get-messages';

/** How long the chat polls before it tries the stream again. */
export const STREAM_RETRY_MS = 30_000;

export const streamUrl = (committeeId: number, after: number | null): string =>
  `/api/committees/${committeeId}/messages/stream${after === null ? '' : `?after=${after}`}`;

/** Merges messages into a list ordered by id, none twice. */
export const mergeMessages = (
  list: CommitteeMessage[] | undefined,
  added: CommitteeMessage[],
): CommitteeMessage[] => {
  const byId = new Map<number, CommitteeMessage>();
  for (const m of list ?? []) byId.set(m.id, m);
  for (const m of added) byId.set(m.id, m);
  return Array.from(byId.values()).sort((a, b) => a.id - b.id);
};

/** The server refused the stream for good (no access, archived): stop, do not poll either. */
class Refused extends Error {}
/** The stream could not be opened (network, server error): poll, and try again later. */
class Unavailable extends Error {}
/** The server closed the stream (removed, archived, session ended): reload and reconnect once. */
class ClosedByServer extends Error {}

export type ChatConnection = 'connecting' | 'live' | 'polling' | 'off';

/**
 * Keeps the chat's SWR list current from the stream while `enabled`; answers whether the list must poll
 * instead ('polling'). `ready` is false until the list has loaded, so the stream starts after its last
 * message.
 */
export function useChatStream(
  committeeId: number,
  enabled: boolean,
  ready: boolean,
  lastId: number | null,
): ChatConnection {
  const { mutate } = useSWRConfig();
  const [connection, setConnection] = useState<ChatConnection>(enabled ? 'connecting' : 'off');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled || !ready) {
      setConnection(enabled ? 'connecting' : 'off');
      return undefined;
    }
    const controller = new AbortController();
    const key = messagesKey(committeeId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const token = tokenStore.get();
    fetchEventSource(streamUrl(committeeId, lastId), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      openWhenHidden: true,
      async onopen(response) {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith('text/event-stream')) {
          setConnection('live');
          return;
        }
        if ([401, 403, 404, 409].includes(response.status)) throw new Refused();
        throw new Unavailable();
      },
      onmessage(event: EventSourceMessage) {
        if (event.event === 'closed') throw new ClosedByServer();
        if (event.event !== 'message' || !event.data) return;
        const message = JSON.parse(event.data) as CommitteeMessage;
        void mutate<CommitteeMessage[]>(key, (list) => mergeMessages(list, [message]), {
          revalidate: false,
        });
      },
      onclose() {
        // A clean end (a proxy or the server going away): reload and reconnect.
        throw new ClosedByServer();
      },
      onerror(error: unknown) {
        // A refusal or closing ends this attempt; anything else (a dropped connection) is retried by
        // the library with Last-Event-ID, polling meanwhile.
        if (
          error instanceof Refused ||
          error instanceof ClosedByServer ||
          error instanceof Unavailable
        )
          throw error;
        setConnection('polling');
        return 2000;
      },
    }).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof Refused) {
        setConnection('off');
        void mutate(key);
      } else if (error instanceof ClosedByServer) {
        // Removed, archived or signed out: the reload shows which; a reconnect is refused if so.
        setConnection('polling');
        void mutate(key);
        void mutate('/api/committees');
        timer = setTimeout(() => setAttempt((n) => n + 1), 1000);
      } else {
        setConnection('polling');
        timer = setTimeout(() => setAttempt((n) => n + 1), STREAM_RETRY_MS);
      }
    });
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
    // `lastId` is read when (re)connecting only: the stream itself keeps the position after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [committeeId, enabled, ready, attempt, mutate]);

  return connection;
}
