import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { fixedErrorToast, useNotify } from '@/components/notifications/notifications-provider';
import { LoadingBlock } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import type { Committee } from '@/types/api';
import { useMessages } from '@/features/committees/api/get-messages';
import { useSendMessage } from '@/features/committees/api/send-message';

/** The reader follows new messages only while within this distance of the bottom. */
export const STICK_TO_BOTTOM_PX = 50;

export const isNearBottom = (
  el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
): boolean => el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;

export function CommitteeChat({ committee }: { committee: Committee }) {
  const user = useUser();
  const notify = useNotify();
  const send = useSendMessage();
  const { data: messages, isLoading } = useMessages(committee.id, !committee.archived);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  useLayoutEffect(() => {
    const el = log.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

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
        onScroll={() => {
          if (log.current) follow.current = isNearBottom(log.current);
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
                    ? (theme) => (theme.palette.mode === 'light' ? 'primary.dark' : 'text.primary')
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
          })
        )}
      </Box>
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
