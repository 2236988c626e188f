// The agenda: numbered items with purpose, presenter, duration and running start times, and their
// papers. Admins and chairs also build it here: add, edit, delete, attach papers, and reorder by
// dragging an item's handle or with its Move up / Move down buttons (announced to screen readers).
import { useEffect, useState, type ReactNode } from 'react';
import {
  DndContext,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { readAgendaPaperPath } from '@/config/paths';
import { inBoardPack } from '@/features/meetings/components/board-pack-section';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { formatFileSize, formatTime } from '@/lib/format';
import type { AgendaItem, AgendaItemRequest, AgendaPaper, Meeting } from '@/types/api';
import { PaperReading } from '@/features/meetings/reading/components/paper-reading';
import {
  agendaEnd,
  moved,
  overrunMinutes,
  purposeLabels,
  runningTimes,
} from '@/features/meetings/agenda-times';

export type AgendaActions = {
  addItem: (body: AgendaItemRequest) => Promise<unknown>;
  addStandardItems: () => Promise<unknown>;
  updateItem: (item: number, body: AgendaItemRequest) => Promise<unknown>;
  deleteItem: (item: number) => Promise<unknown>;
  reorder: (ids: number[]) => Promise<unknown>;
  uploadPaper: (item: number, form: FormData) => Promise<unknown>;
  linkPaper: (item: number, documentId: number) => Promise<unknown>;
  removePaper: (item: number, paper: number) => Promise<unknown>;
  downloadPaper: (item: number, paper: number) => Promise<unknown>;
  /** Opens the add/edit dialog (`null`: a new item) or the paper dialog. */
  editItem: (item: AgendaItem | null) => void;
  attachPaper: (item: AgendaItem) => void;
};

type Props = {
  meeting: Meeting;
  agenda: AgendaItem[];
  canManage: boolean;
  actions: AgendaActions;
  /** What else an item carries on the meeting page (its conflicts of interest, spec §10). */
  itemExtra?: (item: AgendaItem) => ReactNode;
};

const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function PaperRow({
  paper,
  meetingId,
  canManage,
  onDownload,
  onRemove,
}: {
  paper: AgendaPaper;
  meetingId: number;
  canManage: boolean;
  onDownload: () => void;
  onRemove: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }}
    >
      <AttachFileOutlined fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        {paper.title}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({paper.fileName}, {formatFileSize(paper.fileSize)}
          {paper.libraryDocumentId !== null ? ', from the library' : ''}
          {paper.mimeType !== 'application/pdf'
            ? '; not a PDF: a separate download, not in the board pack'
            : ''}
          )
        </Typography>
      </Typography>
      <PaperReading paperId={paper.id} />
      {inBoardPack(paper) && (
        // PDF papers open in the portal's reader (spec §2 Pack reader, Reading in the portal).
        <Button
          size="small"
          startIcon={<MenuBookOutlined />}
          component={RouterLink}
          to={readAgendaPaperPath(meetingId, paper.id)}
        >
          Read<Box component="span" sx={hidden}>{` ${paper.title}`}</Box>
        </Button>
      )}
      <Button size="small" startIcon={<DownloadOutlined />} onClick={onDownload}>
        Download<Box component="span" sx={hidden}>{` ${paper.title}`}</Box>
      </Button>
      {canManage && (
        <Button size="small" color="error" onClick={onRemove}>
          Remove<Box component="span" sx={hidden}>{` ${paper.title}`}</Box>
        </Button>
      )}
    </Box>
  );
}

type RowProps = {
  item: AgendaItem;
  meetingId: number;
  index: number;
  count: number;
  startsAt: string;
  endsAt: string;
  canManage: boolean;
  published: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  onAttach: () => void;
  onDownload: (paper: AgendaPaper) => void;
  onRemovePaper: (paper: AgendaPaper) => void;
  extra?: ReactNode;
};

function ItemRow(props: RowProps) {
  const { item, index, count, canManage, busy } = props;
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !canManage,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      aria-label={`Item ${item.number}: ${item.title}`}
      sx={{
        p: { xs: 1.5, sm: 2 },
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {canManage && (
          <Box
            {...listeners}
            aria-hidden
            title="Drag to reorder"
            sx={{ cursor: 'grab', touchAction: 'none', color: 'text.secondary', pt: 0.5 }}
          >
            <DragIndicator />
          </Box>
        )}
        <Typography variant="h3" component="span" sx={{ minWidth: '2ch' }}>
          {item.number}.
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
            <Chip size="small" label={purposeLabels[item.purpose]} />
            {item.resolutionId !== null && (
              <Chip size="small" variant="outlined" label="Written resolution" />
            )}
            {props.published && item.changedSincePublication && (
              <Chip size="small" color="warning" label="Changed since publication" />
            )}
            <Typography variant="body2" color="text.secondary">
              {formatTime(props.startsAt)} – {formatTime(props.endsAt)} ({item.durationMinutes} min)
            </Typography>
            {item.presenterName && (
              <Typography variant="body2" color="text.secondary">
                Presenter: {item.presenterName}
              </Typography>
            )}
          </Box>
          {item.description && (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
              {item.description}
            </Typography>
          )}
          {item.papers.length > 0 && (
            <Box
              component="ul"
              aria-label={`Papers for item ${item.number}`}
              sx={{ pl: 0, m: 0, mt: 1, listStyle: 'none' }}
            >
              {item.papers.map((paper) => (
                <PaperRow
                  key={paper.id}
                  paper={paper}
                  meetingId={props.meetingId}
                  canManage={canManage}
                  onDownload={() => props.onDownload(paper)}
                  onRemove={() => props.onRemovePaper(paper)}
                />
              ))}
            </Box>
          )}
          {props.extra}
          {canManage && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              <Tooltip title="Move up">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move item ${item.number} up`}
                    disabled={busy || index === 0}
                    onClick={() => props.onMove(-1)}
                  >
                    <ArrowUpwardOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move item ${item.number} down`}
                    disabled={busy || index === count - 1}
                    onClick={() => props.onMove(1)}
                  >
                    <ArrowDownwardOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Button size="small" startIcon={<EditOutlined />} onClick={props.onEdit}>
                Edit<Box component="span" sx={hidden}>{` item ${item.number}`}</Box>
              </Button>
              <Button size="small" startIcon={<AttachFileOutlined />} onClick={props.onAttach}>
                Attach paper<Box component="span" sx={hidden}>{` to item ${item.number}`}</Box>
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={props.onDelete}
              >
                Delete<Box component="span" sx={hidden}>{` item ${item.number}`}</Box>
              </Button>
            </Box>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

export function AgendaBuilder({ meeting, agenda, canManage, actions, itemExtra }: Props) {
  const notify = useNotify();
  const [order, setOrder] = useState<AgendaItem[]>(agenda);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AgendaItem | null>(null);
  useEffect(() => setOrder(agenda), [agenda]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(TouchSensor));

  // Numbers follow the order on screen while a move is saved.
  const items = order.map((item, index) => ({ ...item, number: index + 1 }));
  const times = runningTimes(meeting.meetingDate, items);
  const end = agendaEnd(meeting.meetingDate, items);
  const overrun = overrunMinutes(meeting.meetingDate, meeting.plannedEnd, items);
  const published = meeting.agendaStatus === 'published';

  const save = async (next: AgendaItem[], message: string) => {
    const previous = order;
    setOrder(next);
    setBusy(true);
    try {
      await actions.reorder(next.map((i) => i.id));
      setAnnouncement(message);
    } catch (error) {
      setOrder(previous);
      setAnnouncement('The new order could not be saved.');
      notify(errorToast(error, 'Failed to reorder the agenda'));
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const next = moved(order, index, by);
    if (next === order) return;
    const item = order[index];
    void save(next, `Moved "${item.title}" to position ${index + by + 1} of ${order.length}.`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    const item = order[from];
    void save(
      arrayMove(order, from, to),
      `Moved "${item.title}" to position ${to + 1} of ${order.length}.`,
    );
  };

  const run = (promise: Promise<unknown>, failure: string) =>
    promise.catch((error) => notify(errorToast(error, failure)));

  return (
    <Box>
      <Box sx={hidden} aria-live="polite" role="status" data-testid="agenda-announcer">
        {announcement}
      </Box>
      {items.length === 0 ? (
        <Box sx={{ py: 2 }}>
          <Typography color="text.secondary">The agenda has no items yet.</Typography>
          {canManage && meeting.kind === 'board' && (
            <Button
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={() =>
                void run(actions.addStandardItems(), 'Failed to add the standard items')
              }
            >
              Start from the standard items
            </Button>
          )}
        </Box>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <Box component="ol" aria-label="Agenda" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
              {items.map((item, index) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  meetingId={meeting.id}
                  index={index}
                  count={items.length}
                  startsAt={times[index].startsAt}
                  endsAt={times[index].endsAt}
                  canManage={canManage}
                  published={published}
                  busy={busy}
                  extra={itemExtra?.(item)}
                  onMove={(by) => move(index, by)}
                  onEdit={() => actions.editItem(item)}
                  onDelete={() => setDeleting(item)}
                  onAttach={() => actions.attachPaper(item)}
                  onDownload={(paper) =>
                    void run(
                      actions.downloadPaper(item.id, paper.id),
                      'Failed to download the paper',
                    )
                  }
                  onRemovePaper={(paper) =>
                    void run(actions.removePaper(item.id, paper.id), 'Failed to remove the paper')
                  }
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}
      {items.length > 0 && (
        <Typography sx={{ mt: 2 }} data-testid="agenda-end">
          Agenda ends at {formatTime(end)}; the meeting is planned to end at{' '}
          {formatTime(meeting.plannedEnd)}.
        </Typography>
      )}
      {overrun > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The agenda runs {overrun} minutes past the meeting&apos;s planned end.
        </Alert>
      )}
      {canManage && (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => actions.editItem(null)}>
          Add item
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete agenda item"
        message={`Delete "${deleting?.title ?? ''}" and the papers uploaded to it? Library documents stay in the library.`}
        onConfirm={() =>
          deleting ? run(actions.deleteItem(deleting.id), 'Failed to delete the item') : undefined
        }
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
