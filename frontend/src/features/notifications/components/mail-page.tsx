// The admins' Mail page (spec §11): the outbox's delivery log and a test message to oneself.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { EmailAddress } from '@/components/email-address';
import { ResponsiveTable, type Column } from '@/components/responsive-table/responsive-table';
import { ToneChip } from '@/components/status-chips';
import { useNotify } from '@/components/notifications/notifications-provider';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { MailLog } from '@/types/api';
import { sendTestMail, useMailLog } from '@/features/notifications/api/mail';

const statusTone = {
  queued: 'warning',
  sent: 'success',
  failed: 'error',
  cancelled: 'default',
} as const;

type MailMessage = MailLog['messages'][number];

const deliveryColumns: Column<MailMessage>[] = [
  { header: 'Queued', cell: (m) => formatDateTime(m.createdAt) },
  { header: 'Recipient', cell: (m) => <EmailAddress email={m.recipient} /> },
  {
    header: 'Subject',
    card: 'heading',
    cell: (m) => <Typography sx={{ fontSize: 'inherit', fontWeight: 600 }}>{m.subject}</Typography>,
  },
  {
    header: 'Status',
    cell: (m) => (
      <ToneChip
        label={m.status}
        tone={statusTone[m.status as keyof typeof statusTone] ?? 'default'}
      />
    ),
  },
  { header: 'Attempts', cell: (m) => m.attempts },
  { header: 'Last error', wrapAnywhere: true, cell: (m) => m.lastError ?? '' },
];

export function MailPage() {
  const { data, error, isLoading } = useMailLog();
  const notify = useNotify();
  const [sending, setSending] = useState(false);

  const sendTest = async () => {
    setSending(true);
    try {
      notify({ title: 'Test e-mail', description: await sendTestMail(), severity: 'success' });
    } catch (e) {
      notify({
        title: 'Error',
        description: e instanceof ApiError ? e.serverMessage || e.message : 'Failed to queue',
        severity: 'error',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Mail"
        subtitle="Every message the portal sends: queued, sent, failed with the reason, or cancelled because its recipient was deactivated or turned that e-mail off."
        actions={
          <Button variant="contained" onClick={sendTest} disabled={sending}>
            Send test e-mail
          </Button>
        }
      />
      {isLoading && <LoadingBlock />}
      {error && <ErrorBlock error={error} />}
      {data && !data.smtpConfigured && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No mail server is configured (SMTP_URL): messages are written as .eml files in the
          server&apos;s data folder (outbox-files).
        </Alert>
      )}
      {data && (
        <Card>
          {data.messages.length === 0 ? (
            <Typography sx={{ p: 2 }}>No messages yet.</Typography>
          ) : (
            <ResponsiveTable
              caption="Delivery log"
              rows={data.messages}
              rowKey={(m) => m.id}
              columns={deliveryColumns}
              cardsBelow="md"
            />
          )}
        </Card>
      )}
    </Box>
  );
}
