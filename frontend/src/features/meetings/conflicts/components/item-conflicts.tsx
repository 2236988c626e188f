// Conflicts of interest on the meeting page (spec §2 Meeting page, §10): each agenda item carries its
// declarations, the register-match prompts, "Declare an interest" and, only when a declared conflict
// leaves the item without a quorum, the warning. The page holds one controller (the data and the one
// declare dialog) shared by the items and the page's next steps.
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { useUser } from '@/lib/auth';
import { isAdminOrChair } from '@/lib/permissions';
import type {
  Attendance,
  ConflictDeclaration,
  ConflictHandling,
  ItemConflicts,
  MeetingConflicts,
} from '@/types/api';
import { attendancePath } from '@/features/meetings/attendance/api/attendance';
import {
  handlingLabels,
  kindWords,
  recordHandling,
  useMeetingConflicts,
  withdrawConflict,
} from '@/features/meetings/conflicts/api/conflicts';
import { DeclareConflictDialog } from '@/features/meetings/conflicts/components/declare-conflict-dialog';

const CC29 =
  'https://www.gov.uk/government/publications/conflicts-of-interest-a-guide-for-charity-trustees-cc29';

/** The Charity Commission's guidance, said once near the agenda. */
export function ConflictGuidance() {
  return (
    <Typography variant="body2" color="text.secondary">
      Declare any interest that could conflict with your duty to the charity on an item, as the
      Charity Commission&apos;s{' '}
      <Link href={CC29} target="_blank" rel="noopener">
        guidance on conflicts of interest (CC29)
      </Link>{' '}
      asks. Conflicted members are left out of the item&apos;s quorum unless the chair records that
      there was no conflict.
    </Typography>
  );
}

/** A declaration that still counts: any handling but "no conflict after all". */
const counts = (d: ConflictDeclaration) => d.handling !== 'no-conflict';

/**
 * The item's quorum, said only when a declared conflict is what decides it: nothing while nobody is
 * conflicted, nor while attendance alone is short of the quorum (the meeting's quorum line says
 * that), so "0 of 0" never shows.
 */
export function ItemQuorumLine({ item }: { item: ItemConflicts }) {
  const q = item.quorum;
  if (!item.declarations.some(counts) || q.present < q.required || q.present === 0) return null;
  const counted = q.basis === 'recorded' ? 'recorded present' : 'expected';
  const left = q.present - q.eligible;
  const detail = `${q.eligible} of ${q.present} members ${counted} can take part in the decision${
    left > 0 ? ` (${left} conflicted left out)` : ''
  }; ${q.required} needed.`;
  if (q.quorate)
    return (
      <Typography variant="body2" color="text.secondary">
        Quorate for this item: {detail}
      </Typography>
    );
  return (
    <Alert severity="warning" role="status">
      Not quorate for this item once conflicted members are left out: {detail}
    </Alert>
  );
}

type DeclarationProps = {
  meetingId: number;
  item: ItemConflicts;
  declaration: ConflictDeclaration;
  canRecord: boolean;
  canWithdraw: boolean;
  cancelled: boolean;
  onChanged: () => Promise<unknown>;
};

function Declaration({
  meetingId,
  item,
  declaration: d,
  canRecord,
  canWithdraw,
  cancelled,
  onChanged,
}: DeclarationProps) {
  const notify = useNotify();
  const [withdrawing, setWithdrawing] = useState(false);
  const interest = `${kindWords[d.interest.kind]}, ${d.interest.organisation}`;
  const change = (value: string) =>
    recordHandling(
      meetingId,
      item.agendaItemId,
      d.id,
      value === '' ? null : (value as ConflictHandling),
    )
      .then(onChanged)
      .then(() => notify({ title: 'Handling recorded' }))
      .catch((e) => notify(errorToast(e, 'Failed to record the handling')));
  return (
    <Box component="li" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <strong>{d.userName}</strong> declared an interest ({interest}).{' '}
        {d.handling ? handlingLabels[d.handling] + '.' : 'Handling not recorded yet.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {canRecord && !cancelled && (
          <TextField
            select
            size="small"
            // A fixed 18rem would run past a phone's agenda item (spec §2 Meeting page: no sideways
            // scroll at 390 px).
            sx={{ width: { xs: '100%', sm: '18rem' }, maxWidth: '100%' }}
            label={`How ${d.userName}'s conflict was handled`}
            value={d.handling ?? ''}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            onChange={(e) => void change(e.target.value)}
          >
            <option value="">Not recorded yet</option>
            {Object.entries(handlingLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </TextField>
        )}
        {canWithdraw && !cancelled && (
          <Button size="small" onClick={() => setWithdrawing(true)}>
            Withdraw {d.userName}&apos;s declaration
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw declaration"
        message={`Withdraw ${d.userName}'s declaration on this item? Its record leaves the draft minutes.`}
        confirmLabel="Withdraw"
        onConfirm={() =>
          withdrawConflict(meetingId, item.agendaItemId, d.id)
            .then(onChanged)
            .then(() => notify({ title: 'Declaration withdrawn' }))
            .catch((e) => notify(errorToast(e, 'Failed to withdraw the declaration')))
        }
        onClose={() => setWithdrawing(false)}
      />
    </Box>
  );
}

type Preset = { userId: number; interestId: number };

export type ConflictsController = {
  data: MeetingConflicts | undefined;
  /** The item's conflicts by agenda item id. */
  item: (agendaItemId: number) => ItemConflicts | undefined;
  /** Opens the declare dialog on an item (with a register entry preselected from a prompt). */
  declare: (item: ItemConflicts, preset?: Preset) => void;
  refresh: () => Promise<unknown>;
  /** The one declare dialog of the page, to render once. */
  dialog: ReactNode;
};

/** The meeting's conflicts and the declare dialog, shared by the agenda items and the next steps. */
/** `enabled`: false for a reader who has no conflicts to see or declare (a guest: spec §6 Guests). */
export function useConflicts(meetingId: number, enabled = true): ConflictsController {
  const user = useUser();
  const { data, mutate } = useMeetingConflicts(meetingId, enabled);
  const officer = enabled && isAdminOrChair(user);
  const attendance = useSWR<Attendance>(officer ? attendancePath(meetingId) : null);
  const [declaring, setDeclaring] = useState<{ item: ItemConflicts; preset?: Preset } | null>(null);
  const members =
    officer && attendance.data
      ? attendance.data.members.map((m) => ({ id: m.userId, name: m.name }))
      : null;
  return {
    data,
    item: (id) => data?.items.find((i) => i.agendaItemId === id),
    declare: (item, preset) => setDeclaring({ item, preset }),
    refresh: () => mutate(),
    dialog: declaring && (
      <DeclareConflictDialog
        meetingId={meetingId}
        item={declaring.item}
        selfId={user.id}
        members={members}
        preset={declaring.preset}
        onClose={() => setDeclaring(null)}
        onDeclared={() => void mutate()}
      />
    ),
  };
}

/**
 * One agenda item's conflicts (spec §10): register-match prompts, the declarations with the chair's
 * handling, the item's quorum when a conflict decides it, and "Declare an interest".
 */
export function ItemConflictsView({
  meetingId,
  item,
  controller,
}: {
  meetingId: number;
  item: ItemConflicts;
  controller: ConflictsController;
}) {
  const user = useUser();
  const data = controller.data;
  if (!data) return null;
  return (
    <Box
      sx={{ display: 'grid', gap: 1, mt: 1 }}
      role="group"
      aria-label={`Conflicts of interest on item ${item.number}`}
    >
      {item.suggestedConflicts.map((s) => (
        <Alert
          key={`${s.userId}-${s.interestId}`}
          severity="info"
          action={
            !data.cancelled && (
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  controller.declare(item, { userId: s.userId, interestId: s.interestId })
                }
              >
                Declare
              </Button>
            )
          }
        >
          This item names {s.organisation}, on {s.userId === user.id ? 'your' : `${s.userName}'s`}{' '}
          register of interests. Consider declaring a conflict.
        </Alert>
      ))}
      {item.declarations.length > 0 && (
        <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {item.declarations.map((d) => (
            <Declaration
              key={d.id}
              meetingId={meetingId}
              item={item}
              declaration={d}
              canRecord={data.canRecord}
              canWithdraw={data.canRecord || d.userId === user.id}
              cancelled={data.cancelled}
              onChanged={controller.refresh}
            />
          ))}
        </Box>
      )}
      <ItemQuorumLine item={item} />
      {!data.cancelled && (
        <Box>
          <Button size="small" onClick={() => controller.declare(item)}>
            Declare an interest
            <Box component="span" sx={visuallyHidden}>{` on item ${item.number}`}</Box>
          </Button>
        </Box>
      )}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
