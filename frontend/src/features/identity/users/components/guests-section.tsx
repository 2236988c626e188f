// The Users page's Guests (spec §6 Guests): everyone let in from outside the board, with why, what their
// pass names and until when; "Invite a guest", and per guest "Change access" and "End access now".
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmailAddress } from '@/components/email-address';
import { EmptyState } from '@/components/empty-state';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { RowAction } from '@/components/responsive-table/row-action';
import { ToneChip } from '@/components/status-chips';
import type { Guest } from '@/types/api';
import { useGuestActions, useGuests } from '@/features/identity/users/api/guests';
import { useResendInvitation } from '@/features/identity/users/api/invitations';
import { GuestFormDialog } from '@/features/identity/users/components/guest-form-dialog';
import { accessText, auditText, meetingText } from '@/features/identity/guest-pass/pass-words';

/** What the pass names, one line each: its meetings with their dates, its documents, the audit period. */
function PassScope({ guest }: { guest: Guest }) {
  const audit = auditText(guest);
  return (
    <Box
      component="ul"
      aria-label={`What ${guest.name} may open`}
      sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25 }}
    >
      {guest.meetings.map((m) => (
        <li key={`m${m.id}`}>Meeting: {meetingText(m)}</li>
      ))}
      {guest.documents.map((d) => (
        <li key={`d${d.id}`}>Document: {d.title}</li>
      ))}
      {audit && <li>{audit}</li>}
    </Box>
  );
}

const columns: Column<Guest>[] = [
  {
    header: 'Guest',
    card: 'heading',
    minWidth: 200,
    cell: (g) => (
      <>
        <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {g.name}
        </Typography>
        <Typography
          variant="body2"
          component="span"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          <EmailAddress email={g.email} />
        </Typography>
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          {g.purpose}
        </Typography>
        {g.invitedBy && (
          <Typography
            variant="body2"
            component="span"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            Invited by {g.invitedBy}
          </Typography>
        )}
      </>
    ),
  },
  { header: 'May open', minWidth: 220, cell: (g) => <PassScope guest={g} /> },
  {
    header: 'Access',
    cell: (g) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <ToneChip label={accessText(g)} tone={g.ended ? 'default' : 'success'} />
        {g.invitationPending && !g.ended && (
          <ToneChip label="Invitation not accepted yet" tone="warning" />
        )}
      </Box>
    ),
  },
];

/** `mailConfigured`: whether the server sends mail, when known (admins). */
export function GuestsSection({ mailConfigured }: { mailConfigured?: boolean }) {
  const notify = useNotify();
  const { data: guests, error, isLoading } = useGuests(true);
  const { end } = useGuestActions();
  const resendInvitation = useResendInvitation();
  // A new link for a guest who has not chosen a password yet (the old links stop working).
  const resend = (guest: Guest) =>
    resendInvitation(guest.id)
      .then((message) => notify({ title: 'Invitation sent again', description: message }))
      .catch((e) => notify(errorToast(e, 'Failed to send the invitation')));
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<Guest | null>(null);
  const [ending, setEnding] = useState<Guest | null>(null);

  return (
    <Card component="section" aria-labelledby="guests-heading" sx={{ mt: 3 }}>
      <Box
        sx={{
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
          <Typography id="guests-heading" variant="h2">
            Guests
          </Typography>
          <Typography color="text.secondary">
            People outside the board, such as an auditor, a lawyer or an observer, let in until a
            last day to the meetings and documents you name.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={() => setInviting(true)}
        >
          Invite a guest
        </Button>
      </Box>
      {isLoading ? (
        <LoadingBlock label="Loading guests" />
      ) : error ? (
        <Box sx={{ p: 2 }}>
          <ErrorBlock error={error} />
        </Box>
      ) : !guests?.length ? (
        <EmptyState
          title="No guests"
          description="Nobody from outside the board has been invited."
        />
      ) : (
        <ResponsiveTable
          caption="Guests"
          rows={guests}
          rowKey={(g) => g.id}
          columns={columns}
          actions={(g) => (
            <>
              <RowAction
                label="Change access"
                accessibleLabel={`Change access for ${g.name}`}
                icon={<EditCalendarOutlined />}
                onClick={() => setChanging(g)}
              />
              {g.invitationPending && !g.ended && (
                <RowAction
                  label="Resend invitation"
                  accessibleLabel={`Resend the invitation to ${g.name}`}
                  icon={<ForwardToInboxOutlined />}
                  onClick={() => void resend(g)}
                />
              )}
              {!g.ended && (
                <RowAction
                  label="End access now"
                  accessibleLabel={`End access now for ${g.name}`}
                  icon={<BlockOutlined />}
                  color="error"
                  onClick={() => setEnding(g)}
                />
              )}
            </>
          )}
        />
      )}

      {inviting && (
        <GuestFormDialog mailConfigured={mailConfigured} onClose={() => setInviting(false)} />
      )}
      {changing && <GuestFormDialog guest={changing} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        open={!!ending}
        title="End access now"
        message={`End ${ending?.name ?? ''}'s access now? They are signed out at once and can no longer sign in. You can let them in again later with Change access.`}
        confirmLabel="End access"
        busyLabel="Ending..."
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          if (!ending) return;
          try {
            await end(ending.id);
            notify({ title: 'Access ended', description: `${ending.name} can no longer sign in.` });
          } catch (e) {
            notify(errorToast(e, 'Failed to end the access'));
          }
        }}
      />
    </Card>
  );
}
