import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { fixedErrorToast, useNotify } from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import type { Committee, CommitteeMessage } from '@/types/api';
import {
  getOlderMessages,
  MESSAGES_PAGE,
  useMessages,
} from '@/features/committees/api/get-messages';
import { mergeMessages, useChatStream } from '@/features/committees/api/chat-stream';
import { useSendMessage } from '@/features/committees/api/send-message';

/** The reader follows new messages only while within this distance of the bottom. */
export const STICK_TO_BOTTOM_PX = 50;

/** Scrolling within this distance of the top loads the page of older messages. */
export const LOAD_OLDER_PX = 40;

export const isNearBottom = (
  el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
): boolean => el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;

export function CommitteeChat({ committee }: { committee: Committee }) {
  const user = useUser();
  const notify = useNotify();
  const send = useSendMessage();
  const active = !committee.archived;
  const [polling, setPolling] = useState(false);
  const { data: latest, isLoading } = useMessages(committee.id, active && polling);
  const lastId = latest?.length ? latest[latest.length - 1].id : latest ? 0 : null;
  const connection = useChatStream(committee.id, active, latest !== undefined, lastId);
  if ((connection === 'polling') !== polling) setPolling(connection === 'polling');
  // Older pages, loaded as the reader scrolls up; `null` until the first page says whether there are any.
  const [older, setOlder] = useState<{ messages: CommitteeMessage[]; more: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = useMemo(() => mergeMessages(older?.messages, latest ?? []), [older, latest]);
  const hasOlder = older ? older.more : (latest?.length ?? 0) >= MESSAGES_PAGE;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  // When older messages are put above, the view keeps its place: the height added is scrolled past.
  const keepFromBottom = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (follow.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest || loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getOlderMessages(committee.id, oldest.id);
      const el = log.current;
      if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
      setOlder((current) => ({
        messages: mergeMessages(current?.messages, page),
        more: page.length >= MESSAGES_PAGE,
      }));
    } catch {
      notify(fixedErrorToast('Failed to load older messages'));
    } finally {
      setLoadingOlder(false);
    }
  };

  const submit = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    try {
      await send(committee.id, message);
      setText('');
    } catch {
      notify(fixedErrorToast('Failed to send message'));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box
        ref={log}
        role="log"
        aria-label="Chat messages"
        tabIndex={0}
        aria-busy={loadingOlder}
        onScroll={() => {
          if (!log.current) return;
          follow.current = isNearBottom(log.current);
          if (log.current.scrollTop <= LOAD_OLDER_PX) void loadOlder();
        }}
        sx={{
          height: { xs: 320, md: 380 },
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          bgcolor: 'background.default',
        }}
      >
        {isLoading ? (
          <LoadingBlock />
        ) : !messages?.length ? (
          <Typography color="text.secondary" sx={{ m: 'auto' }}>
            No messages yet. Start the conversation.
          </Typography>
        ) : (
          [
            hasOlder ? (
              <Button
                key="older"
                size="small"
                onClick={() => void loadOlder()}
                disabled={loadingOlder}
                sx={{ alignSelf: 'center' }}
              >
                {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
              </Button>
            ) : null,
          ].concat(
            messages.map((m) => {
              const mine = m.user?.id === user.id;
              return (
                <Box
                  key={m.id}
                  sx={{
                    alignSelf: mine ? 'flex-end' : 'flex-start',
                    maxWidth: '85%',
                    bgcolor: mine ? 'primary.light' : 'background.paper',
                    color: mine
                      ? (theme) =>
                          theme.palette.mode === 'light' ? 'primary.dark' : 'text.primary'
                      : 'text.primary',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    px: 1.5,
                    py: 1,
                  }}
                >
                  <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
                    {m.user?.name ?? 'Former member'}{' '}
                    <Box component="span" sx={{ fontWeight: 400 }}>
                      · {formatDateTime(m.sentAt)}
                    </Box>
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {m.message}
                  </Typography>
                </Box>
              );
            }),
          )
        )}
      </Box>
      {active && connection === 'polling' ? (
        <Typography variant="caption" color="text.secondary" role="status">
          Live updates are unavailable; new messages are checked every few seconds.
        </Typography>
      ) : null}
      {committee.archived ? (
        <Alert severity="info" role="note">
          This committee is archived. Its chat is read-only.
        </Alert>
      ) : (
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          {/* The label stays above the field so that the placeholder is never covered by it; the keys
              are told as helper text, which screen readers announce with the field. */}
          <TextField
            id={`chat-input-${committee.id}`}
            label="Message"
            placeholder="Type a message"
            helperText="Enter sends, Shift+Enter adds a line."
            multiline
            maxRows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <IconButton
            type="submit"
            color="primary"
            aria-label="Send message"
            disabled={!text.trim() || sending}
            sx={{ mt: 1 }}
          >
            <SendOutlined />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
