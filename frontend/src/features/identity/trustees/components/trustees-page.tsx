import { useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import { EmptyState } from '@/components/empty-state';
import { EmailAddress } from '@/components/email-address';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { formatDate, initials, plural } from '@/lib/format';
import { roleLabel } from '@/lib/permissions';
import type { DirectoryEntry } from '@/types/api';
import { useTrustees } from '@/features/identity/trustees/api/get-trustees';
import { useTermEnds } from '@/features/identity/trustees/api/get-term-ends';

const roleTone = {
  admin: 'secondary',
  chair: 'primary',
  trustee: 'default',
  guest: 'info',
} as const;

function matches(entry: DirectoryEntry, term: string): boolean {
  const t = term.toLowerCase();
  return [
    entry.name,
    entry.email,
    entry.role,
    entry.phone ?? '',
    ...entry.committees.map((c) => c.name),
    ...entry.strongSkills,
  ]
    .join(' ')
    .toLowerCase()
    .includes(t);
}

function TrusteeCard({ entry, termEndsOn }: { entry: DirectoryEntry; termEndsOn?: string }) {
  return (
    <Card component="article" aria-label={entry.name}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden>
            {initials(entry.name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {entry.name}
            </Typography>
            <ToneChip label={roleLabel(entry.role)} tone={roleTone[entry.role] ?? 'default'} />
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
            <EmailOutlined fontSize="small" aria-hidden />
            <Link
              href={`mailto:${entry.email}`}
              variant="body2"
              // Named by the address itself: some readers pause at the wrap points inside it.
              aria-label={entry.email}
            >
              <EmailAddress email={entry.email} />
            </Link>
          </Box>
          {entry.phone && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <PhoneOutlined fontSize="small" aria-hidden />
              <Link href={`tel:${entry.phone.replace(/\s+/g, '')}`} variant="body2">
                {entry.phone}
              </Link>
            </Box>
          )}
          <Typography variant="body2" color="text.secondary">
            Joined {formatDate(entry.joinedDate)}
          </Typography>
          {termEndsOn && (
            <Typography variant="body2" color="text.secondary">
              Term ends {formatDate(termEndsOn)}
            </Typography>
          )}
        </Box>
        {entry.committees.length > 0 && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Committees
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
              {entry.committees.map((c) => (
                <Chip
                  key={c.id}
                  variant="outlined"
                  label={c.role === 'chair' ? `${c.name} (Chair)` : c.name}
                />
              ))}
            </Box>
          </Box>
        )}
        {entry.strongSkills.length > 0 && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Strong skills
            </Typography>
            <Box
              component="ul"
              aria-label={`${entry.name}'s strong skills`}
              sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
            >
              {entry.strongSkills.map((skill) => (
                <li key={skill}>
                  <Chip size="small" color="primary" variant="outlined" label={skill} />
                </li>
              ))}
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Summary({ entries }: { entries: DirectoryEntry[] }) {
  const figures = [
    { label: 'Administrators', value: entries.filter((e) => e.role === 'admin').length },
    {
      label: 'Committee Chairs',
      value: entries.filter((e) => e.committees.some((c) => c.role === 'chair')).length,
    },
    { label: 'Board Trustees', value: entries.length },
    { label: 'On Committees', value: entries.filter((e) => e.committees.length > 0).length },
  ];
  return (
    <Card component="section" aria-label="Directory summary" sx={{ mt: 3 }}>
      <CardContent
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {figures.map((f) => (
          <Box key={f.label} sx={{ textAlign: 'center' }}>
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{f.value}</Typography>
            <Typography variant="body2" color="text.secondary">
              {f.label}
            </Typography>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

export function TrusteesPage() {
  const { data, error, isLoading } = useTrustees();
  const termEnds = useTermEnds();
  const [term, setTerm] = useState('');
  const shown = useMemo(
    () => (data ?? []).filter((e) => !term.trim() || matches(e, term.trim())),
    [data, term],
  );

  return (
    <>
      <PageHeader title="Trustee Directory" subtitle="Contact details of the board's members" />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <TextField
          id="trustee-search"
          label="Search trustees"
          type="search"
          size="small"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          sx={{ maxWidth: 360 }}
        />
        <Typography color="text.secondary" role="status">
          {plural(shown.length, 'member', 'members')}
        </Typography>
      </Box>
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBlock error={error} />
      ) : shown.length === 0 ? (
        <Card>
          <EmptyState icon={<PeopleOutline />} title="No trustees found" />
        </Card>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {shown.map((e) => (
            <TrusteeCard key={e.id} entry={e} termEndsOn={termEnds.get(e.id)} />
          ))}
        </Box>
      )}
      {data && data.length > 0 && <Summary entries={data} />}
    </>
  );
}
