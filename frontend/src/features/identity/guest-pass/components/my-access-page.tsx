// "My access", a guest's home (spec §6 Guests): who invited them and why, the day their access ends, and
// a way into each meeting and document their pass names; for an auditor, the period and its lists.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { meetingPath, paths } from '@/config/paths';
import { formatDateTime, formatDay } from '@/lib/format';
import type { GuestDocument } from '@/types/api';
import { useGuestPass } from '@/features/identity/guest-pass/api/get-guest-pass';
import { auditText } from '@/features/identity/guest-pass/pass-words';

type Props = {
  /**
   * The documents the pass names, opened as the library opens them (the app passes the library's table);
   * without it, their titles.
   */
  documents?: (named: GuestDocument[]) => ReactNode;
};

export function MyAccessPage({ documents }: Props) {
  const { data: pass, error, isLoading } = useGuestPass();
  if (isLoading) return <LoadingBlock />;
  if (error || !pass) return <ErrorBlock error={error} />;
  const audit = auditText(pass);
  const ends = formatDay(pass.endsOn);

  return (
    <>
      <PageHeader title="My access" subtitle="What you can open in the portal as a guest" />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 880 }}>
        <SectionCard title="Your guest pass">
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography>
              {pass.invitedBy ? `${pass.invitedBy} invited you` : 'You were invited'} for this
              purpose: <strong>{pass.purpose}</strong>
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>Your access ends on {ends}.</Typography>
            <Typography variant="body2" color="text.secondary">
              You can use the portal until midnight at the end of that day; then you are signed out
              and can no longer sign in.{' '}
              {pass.invitedBy
                ? `Ask ${pass.invitedBy} if you need longer.`
                : 'Ask the person who invited you if you need longer.'}
            </Typography>
          </Box>
        </SectionCard>

        {pass.meetings.length > 0 && (
          <SectionCard title="Meetings">
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Each meeting&apos;s agenda, papers and board pack, once its agenda is published. You
              can also say there whether you will attend.
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
              {pass.meetings.map((m) => (
                <li key={m.id}>
                  <Link component={RouterLink} to={meetingPath(m.id)} sx={{ fontWeight: 600 }}>
                    {m.title}
                  </Link>
                  <Typography component="span" color="text.secondary">
                    {' '}
                    {formatDateTime(m.meetingDate)}
                  </Typography>
                </li>
              ))}
            </Box>
          </SectionCard>
        )}

        {pass.documents.length > 0 && (
          <SectionCard title="Documents">
            {documents ? (
              documents(pass.documents)
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {pass.documents.map((d) => (
                  <li key={d.id}>{d.title}</li>
                ))}
              </Box>
            )}
          </SectionCard>
        )}

        {audit && (
          <SectionCard title="Audit">
            <Typography sx={{ mb: 1 }}>{audit}.</Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              You may read the board&apos;s records of this period:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
              <li>
                <Link component={RouterLink} to={paths.minutes}>
                  Minutes
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={paths.decisions}>
                  Decisions register
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={paths.auditedRegister}>
                  Register of interests
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={paths.documents}>
                  Documents
                </Link>
              </li>
            </Box>
          </SectionCard>
        )}
      </Box>
    </>
  );
}
