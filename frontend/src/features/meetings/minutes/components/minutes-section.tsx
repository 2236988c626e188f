import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import { formatDate, formatDateTime } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import { useRevalidate } from '@/lib/swr';
import type { AgendaItem, Meeting, MinuteEntry, WrittenMinutes } from '@/types/api';
import {
  isEditable,
  kindLabel,
  minutesApi,
  statusLabel,
  useMinutesVersions,
  useWrittenMinutes,
  writtenMinutesPath,
} from '@/features/meetings/minutes/api/written-minutes';
import {
  ApproveDialog,
  CorrectionDialog,
  EditEntryDialog,
  EntryDialog,
} from '@/features/meetings/minutes/components/minutes-dialogs';

const statusColor = {
  draft: 'default',
  circulated: 'info',
  approved: 'success',
  locked: 'success',
} as const;

export function MinutesStatusChip({ status }: { status: string }) {
  const color = statusColor[status as keyof typeof statusColor] ?? 'default';
  return (
    <Chip
      color={color}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={`Minutes ${statusLabel(status).toLowerCase()}`}
    />
  );
}

type Group = { key: string; heading: string; item: AgendaItem | null; entries: MinuteEntry[] };

/** The entries under each agenda item in agenda order, then items since deleted, then General. */
function groups(minutes: WrittenMinutes, agenda: AgendaItem[], withEmpty: boolean): Group[] {
  const byItem = new Map<number | null, MinuteEntry[]>();
  for (const entry of minutes.entries) {
    const key = entry.agendaItemId ?? null;
    byItem.set(key, [...(byItem.get(key) ?? []), entry]);
  }
  const out: Group[] = [];
  for (const item of agenda) {
    const entries = byItem.get(item.id) ?? [];
    byItem.delete(item.id);
    if (entries.length || withEmpty)
      out.push({ key: `item-${item.id}`, heading: `${item.number}. ${item.title}`, item, entries });
  }
  for (const [id, entries] of byItem) {
    if (id === null) continue;
    const first = entries[0];
    out.push({
      key: `old-${id}`,
      heading: first.itemTitle ? `${first.itemNumber ?? ''}. ${first.itemTitle}` : 'Earlier item',
      item: null,
      entries,
    });
  }
  const general = byItem.get(null) ?? [];
  if (general.length || withEmpty)
    out.push({ key: 'general', heading: 'General', item: null, entries: general });
  return out;
}

type EntryControls = {
  onAdd: (item: AgendaItem | null) => void;
  onEdit: (entry: MinuteEntry) => void;
  onRemove: (entry: MinuteEntry) => void;
};

function Entries({
  minutes,
  agenda,
  controls,
}: {
  minutes: WrittenMinutes;
  agenda: AgendaItem[];
  /** Present while the minutes may be edited by this reader. */
  controls?: EntryControls;
}) {
  const list = groups(minutes, agenda, !!controls);
  if (!list.length)
    return (
      <Typography color="text.secondary">Nothing has been recorded in these minutes.</Typography>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {list.map((group) => (
        <Box
          key={group.key}
          component="section"
          aria-label={`Minutes of ${group.heading}`}
          sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h3" sx={{ flex: '1 1 12rem', fontSize: '1rem', fontWeight: 600 }}>
              {group.heading}
            </Typography>
            {controls && (group.item || group.key === 'general') && (
              <Button
                size="small"
                startIcon={<AddOutlined />}
                aria-label={
                  group.item ? `Record at item ${group.item.number}` : 'Record under General'
                }
                onClick={() => controls.onAdd(group.item)}
              >
                Record
              </Button>
            )}
          </Box>
          {group.entries.length === 0 ? (
            <Typography color="text.secondary" variant="body2">
              Nothing recorded yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {group.entries.map((entry) => (
                <Box
                  component="li"
                  key={entry.id}
                  sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
                >
                  <Chip
                    size="small"
                    variant={entry.kind === 'note' ? 'outlined' : 'filled'}
                    color={
                      entry.kind === 'decision'
                        ? 'primary'
                        : entry.kind === 'action'
                          ? 'secondary'
                          : 'default'
                    }
                    label={kindLabel(entry.kind)}
                  />
                  <Typography
                    sx={{
                      flex: '1 1 14rem',
                      minWidth: 0,
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {entry.text}
                    {entry.kind === 'action' && entry.actionId && (
                      <Typography component="span" color="text.secondary" variant="body2">
                        {' '}
                        (in the action tracker)
                      </Typography>
                    )}
                  </Typography>
                  {controls && (
                    <Box sx={{ display: 'flex' }}>
                      <IconButton
                        size="small"
                        aria-label={`Edit ${kindLabel(entry.kind).toLowerCase()}: ${entry.text}`}
                        onClick={() => controls.onEdit(entry)}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={`Remove ${kindLabel(entry.kind).toLowerCase()}: ${entry.text}`}
                        onClick={() => controls.onRemove(entry)}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function Facts({ minutes }: { minutes: WrittenMinutes }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography>{minutes.approvalLine}</Typography>
      {minutes.circulatedAt && (
        <Typography color="text.secondary" variant="body2">
          Circulated {formatDateTime(minutes.circulatedAt)}
        </Typography>
      )}
      {minutes.correctionReason && (
        <Typography color="text.secondary" variant="body2">
          Correction of version {minutes.version - 1}: {minutes.correctionReason}
        </Typography>
      )}
    </Box>
  );
}

/** Versions a correction replaced: listed, each readable on demand. */
function OlderVersions({ meetingId, agenda }: { meetingId: number; agenda: AgendaItem[] }) {
  const { data } = useMinutesVersions(meetingId, true);
  const [open, setOpen] = useState<number | null>(null);
  const older = (data ?? []).filter((v) => v.supersededAt);
  if (!older.length) return null;
  return (
    <Box component="section" aria-labelledby={`older-minutes-${meetingId}`}>
      <Typography
        id={`older-minutes-${meetingId}`}
        variant="h3"
        sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}
      >
        Earlier versions
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {older.map((v) => (
          <li key={v.id}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ flex: '1 1 14rem' }}>
                Version {v.version} ({statusLabel(v.status).toLowerCase()}), replaced{' '}
                {formatDate(v.supersededAt)}
              </Typography>
              <Button
                size="small"
                aria-expanded={open === v.id}
                onClick={() => setOpen(open === v.id ? null : v.id)}
              >
                {open === v.id ? `Hide version ${v.version}` : `Read version ${v.version}`}
              </Button>
            </Box>
            {open === v.id && (
              <Box sx={{ pl: { xs: 0, sm: 2 }, pt: 1, display: 'grid', gap: 1.5 }}>
                <Facts minutes={v} />
                <Entries minutes={v} agenda={agenda} />
              </Box>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Renders what concerns the signature of the current version (the app supplies it). */
export type MinutesSignatureSlot = (minutes: WrittenMinutes) => ReactNode;

type Dialog =
  | { kind: 'entry'; item: AgendaItem | null }
  | { kind: 'edit'; entry: MinuteEntry }
  | { kind: 'remove'; entry: MinuteEntry }
  | { kind: 'circulate' }
  | { kind: 'approve' }
  | { kind: 'lock' }
  | { kind: 'correct' };

/**
 * A meeting's written minutes (spec §2 Written minutes): admins and chairs start them, record
 * notes, decisions and actions at each agenda item, circulate, approve, lock and correct them; the
 * meeting's members read them once circulated. Self-contained: it loads its own data. `embedded`:
 * inside the meeting page's folding section, which gives the card and the heading (spec §2 Meeting
 * page).
 */
export function MinutesSection({
  meeting,
  agenda,
  embedded = false,
  signature,
}: {
  meeting: Meeting;
  agenda: AgendaItem[];
  embedded?: boolean;
  /** The current version's signature and signing (spec §16), given by the app: another feature's. */
  signature?: MinutesSignatureSlot;
}) {
  const meetingId = meeting.id;
  const user = useUser();
  const officer = isAdminOrChair(user);
  const notify = useNotify();
  const revalidate = useRevalidate();
  const { data: minutes, error, isLoading } = useWrittenMinutes(meetingId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  /** Runs a write, then refreshes the minutes and what shows them (register, actions, archive). */
  const run = async <T,>(promise: Promise<T>) => {
    const result = await promise;
    await revalidate(
      writtenMinutesPath(meetingId),
      `${writtenMinutesPath(meetingId)}/versions`,
      '/api/decisions',
      '/api/actions',
      '/api/dashboard/stats',
      '/api/minutes',
    );
    return result;
  };
  const step = (promise: Promise<unknown>, done: string, failed: string) =>
    run(promise)
      .then(() => notify({ title: done }))
      .catch((e) => notify(errorToast(e, failed)));

  let body;
  if (isLoading) body = <LoadingBlock label="Loading minutes" />;
  else if (error) body = <ErrorBlock error={error} />;
  else if (!minutes)
    body = officer ? (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography color="text.secondary">
          No minutes have been written for this meeting yet. Written minutes start as a draft that
          only admins and chairs see.
        </Typography>
        <Button
          variant="contained"
          onClick={() =>
            void step(minutesApi.start(meetingId), 'Minutes started', 'Failed to start the minutes')
          }
        >
          Start written minutes
        </Button>
      </Box>
    ) : (
      <Typography color="text.secondary">
        The minutes of this meeting have not been circulated yet.
      </Typography>
    );
  else {
    const editable = officer && isEditable(minutes.status);
    const controls: EntryControls | undefined = editable
      ? {
          onAdd: (item) => setDialog({ kind: 'entry', item }),
          onEdit: (entry) => setDialog({ kind: 'edit', entry }),
          onRemove: (entry) => setDialog({ kind: 'remove', entry }),
        }
      : undefined;
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <MinutesStatusChip status={minutes.status} />
          <Typography color="text.secondary">Version {minutes.version}</Typography>
        </Box>
        <Facts minutes={minutes} />
        {signature?.(minutes)}
        {minutes.status === 'draft' && officer && (
          <Alert severity="info">
            Draft: only admins and chairs see these minutes until they are circulated.
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<PictureAsPdfOutlined />}
            onClick={() =>
              minutesApi
                .downloadPdf(meetingId)
                .catch((e) => notify(errorToast(e, 'Failed to download the minutes')))
            }
          >
            Download minutes (PDF)
          </Button>
          {officer && minutes.status === 'draft' && (
            <Button variant="contained" onClick={() => setDialog({ kind: 'circulate' })}>
              Circulate minutes
            </Button>
          )}
          {officer && minutes.status === 'circulated' && (
            <Button variant="contained" onClick={() => setDialog({ kind: 'approve' })}>
              Approve minutes
            </Button>
          )}
          {officer && minutes.status === 'approved' && (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'lock' })}>
              Lock minutes
            </Button>
          )}
          {officer && !isEditable(minutes.status) && (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'correct' })}>
              Record a correction
            </Button>
          )}
        </Box>
        <Entries minutes={minutes} agenda={agenda} controls={controls} />
        {minutes.version > 1 && <OlderVersions meetingId={meetingId} agenda={agenda} />}
      </Box>
    );
  }

  const frame = (content: ReactNode) =>
    embedded ? (
      <div>{content}</div>
    ) : (
      <Card component="section" aria-labelledby={`minutes-${meetingId}`}>
        {content}
      </Card>
    );

  return frame(
    <>
      {embedded ? (
        body
      ) : (
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h2" id={`minutes-${meetingId}`}>
            Minutes
          </Typography>
          {body}
        </CardContent>
      )}
      {dialog?.kind === 'entry' && (
        <EntryDialog
          item={dialog.item}
          onSave={(request) => run(minutesApi.addEntry(meetingId, request))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditEntryDialog
          entry={dialog.entry}
          onSave={(text) => run(minutesApi.updateEntry(meetingId, dialog.entry.id, text))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'approve' && (
        <ApproveDialog
          meeting={meeting}
          onSave={(request) => run(minutesApi.approve(meetingId, request))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'correct' && (
        <CorrectionDialog
          onSave={(reason) => run(minutesApi.correct(meetingId, reason))}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove entry"
        message={
          dialog?.kind === 'remove' && dialog.entry.kind === 'action'
            ? 'Remove this action from the minutes? It stays in the action tracker.'
            : 'Remove this entry from the minutes?'
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        onConfirm={() =>
          dialog?.kind === 'remove'
            ? step(
                minutesApi.deleteEntry(meetingId, dialog.entry.id),
                'Entry removed',
                'Failed to remove the entry',
              )
            : undefined
        }
        onClose={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'circulate'}
        title="Circulate minutes"
        message="Circulate the draft minutes? The meeting's members can then read them; admins and chairs can still edit them until they are approved."
        confirmLabel="Circulate"
        busyLabel="Circulating..."
        destructive={false}
        onConfirm={() =>
          step(minutesApi.circulate(meetingId), 'Minutes circulated', 'Failed to circulate')
        }
        onClose={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'lock'}
        title="Lock minutes"
        message="Lock the approved minutes as the signed, final record?"
        confirmLabel="Lock"
        busyLabel="Locking..."
        destructive={false}
        onConfirm={() => step(minutesApi.lock(meetingId), 'Minutes locked', 'Failed to lock')}
        onClose={close}
      />
    </>,
  );
}
