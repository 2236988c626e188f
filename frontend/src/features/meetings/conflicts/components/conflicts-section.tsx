import { useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import type { Attendance, ConflictDeclaration, ConflictHandling, ItemConflicts } from '@/types/api';
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

export function QuorumLine({ item }: { item: ItemConflicts }) {
  const q = item.quorum;
  const counted = q.basis === 'recorded' ? 'recorded present' : 'expected';
  const left = q.present - q.eligible;
  const detail = `${q.eligible} of ${q.present} members ${counted} can take part in the decision${
    left > 0 ? ` (${left} conflicted left out)` : ''
  }; ${q.required} needed.`;
  if (q.quorate) return <Typography variant="body2">Quorate for this item: {detail}</Typography>;
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
    <Box component="li" sx={{ display: 'grid', gap: 1, mb: 1.5 }}>
      <Typography>
        <strong>{d.userName}</strong> declared an interest ({interest}).{' '}
        {d.handling ? handlingLabels[d.handling] + '.' : 'Handling not recorded yet.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {canRecord && !cancelled && (
          <TextField
            select
            size="small"
            sx={{ minWidth: '18rem' }}
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

type Declaring = { item: ItemConflicts; preset?: { userId: number; interestId: number } };

/**
 * Conflicts of interest at a meeting (spec §10, Meeting page): per agenda item, who declared a
 * conflict, how it was handled, whether the item is still quorate without them, and prompts where
 * an item names an organisation on the register. Self-contained: it loads its own data.
 */
export function ConflictsSection({ meetingId }: { meetingId: number }) {
  const user = useUser();
  const { data, error, isLoading, mutate } = useMeetingConflicts(meetingId);
  const officer = user.role !== 'trustee';
  const attendance = useSWR<Attendance>(officer ? attendancePath(meetingId) : null);
  const [declaring, setDeclaring] = useState<Declaring | null>(null);
  const members =
    officer && attendance.data
      ? attendance.data.members.map((m) => ({ id: m.userId, name: m.name }))
      : null;

  let body;
  if (isLoading) body = <LoadingBlock label="Loading conflicts of interest" />;
  else if (error || !data) body = <ErrorBlock error={error} />;
  else if (data.items.length === 0)
    body = (
      <Typography color="text.secondary">There are no agenda items to declare on yet.</Typography>
    );
  else
    body = (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {data.items.map((item) => (
          <Box
            component="li"
            key={item.agendaItemId}
            aria-labelledby={`conflicts-item-${item.agendaItemId}`}
          >
            <Typography variant="h3" id={`conflicts-item-${item.agendaItemId}`} sx={{ mb: 1 }}>
              {item.number}. {item.title}
            </Typography>
            {item.suggestedConflicts.map((s) => (
              <Alert
                key={`${s.userId}-${s.interestId}`}
                severity="info"
                sx={{ mb: 1 }}
                action={
                  !data.cancelled && (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() =>
                        setDeclaring({
                          item,
                          preset: { userId: s.userId, interestId: s.interestId },
                        })
                      }
                    >
                      Declare
                    </Button>
                  )
                }
              >
                This item names {s.organisation}, on{' '}
                {s.userId === user.id ? 'your' : `${s.userName}'s`} register of interests. Consider
                declaring a conflict.
              </Alert>
            ))}
            {item.declarations.length > 0 ? (
              <Box component="ul" sx={{ pl: 2, my: 1 }}>
                {item.declarations.map((d) => (
                  <Declaration
                    key={d.id}
                    meetingId={meetingId}
                    item={item}
                    declaration={d}
                    canRecord={data.canRecord}
                    canWithdraw={data.canRecord || d.userId === user.id}
                    cancelled={data.cancelled}
                    onChanged={() => mutate()}
                  />
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                No conflicts declared.
              </Typography>
            )}
            <QuorumLine item={item} />
            {!data.cancelled && (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setDeclaring({ item })}>
                Declare a conflict on item {item.number}
              </Button>
            )}
          </Box>
        ))}
      </Box>
    );

  return (
    <Card component="section" aria-labelledby={`conflicts-${meetingId}`}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h2" id={`conflicts-${meetingId}`}>
          Conflicts of interest
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Declare any interest that could conflict with your duty to the charity on an item, as the
          Charity Commission&apos;s{' '}
          <Link href={CC29} target="_blank" rel="noopener">
            guidance on conflicts of interest (CC29)
          </Link>{' '}
          asks. Conflicted members are left out of the item&apos;s quorum unless the chair records
          that there was no conflict.
        </Typography>
        {body}
      </CardContent>
      {declaring && data && (
        <DeclareConflictDialog
          meetingId={meetingId}
          item={declaring.item}
          selfId={user.id}
          members={members}
          preset={declaring.preset}
          onClose={() => setDeclaring(null)}
          onDeclared={() => void mutate()}
        />
      )}
    </Card>
  );
}
