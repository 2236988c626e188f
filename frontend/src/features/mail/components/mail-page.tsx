// The admins' Mail page (issue 12): the outbox's delivery log and a test message to oneself.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { useNotify } from '@/components/notifications/notifications-provider';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { sendTestMail, useMailLog } from '@/features/mail/api/mail';

const statusTone = { queued: 'warning', sent: 'success', failed: 'error' } as const;

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
        subtitle="Every message the portal sends: queued, sent, or failed with the reason."
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
          <TableContainer>
            <Table size="small" aria-label="Delivery log">
              <TableHead>
                <TableRow>
                  <TableCell>Queued</TableCell>
                  <TableCell>Recipient</TableCell>
                  <TableCell>Subject</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Attempts</TableCell>
                  <TableCell>Last error</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.messages.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>No messages yet.</TableCell>
                  </TableRow>
                )}
                {data.messages.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{formatDateTime(m.createdAt)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.recipient}</TableCell>
                    <TableCell>{m.subject}</TableCell>
                    <TableCell>
                      <ToneChip
                        label={m.status}
                        tone={statusTone[m.status as keyof typeof statusTone] ?? 'default'}
                      />
                    </TableCell>
                    <TableCell>{m.attempts}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.lastError ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
    </Box>
  );
}
