import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { ToneChip } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { plural } from '@/lib/format';
import { canManageContent } from '@/lib/permissions';
import { useCommittees } from '@/features/committees/api/get-committees';
import { CommitteeDetail } from '@/features/committees/components/committee-detail';
import { CreateCommitteeDialog } from '@/features/committees/components/create-committee-dialog';

const tabOf = (value: string | null) =>
  value === 'documents' || value === 'members' || value === 'chat' ? value : undefined;

export function CommitteesPage() {
  const user = useUser();
  const canManage = canManageContent(user);
  // `?committee=ID&tab=chat|documents|members` opens a committee on a tab (a search result's link).
  const [params] = useSearchParams();
  const wanted = Number(params.get('committee')) || null;
  const wantedTab = tabOf(params.get('tab'));
  const [view, setView] = useState<'active' | 'archived'>('active');
  const [selectedId, setSelectedId] = useState<number | null>(wanted);
  const [createOpen, setCreateOpen] = useState(false);
  const archivedView = canManage && view === 'archived';
  const { data, error, isLoading } = useCommittees(archivedView);
  useEffect(() => {
    if (wanted) setSelectedId(wanted);
  }, [wanted]);
  // An archived committee is in the archived list of those who manage committees.
  useEffect(() => {
    if (wanted && data && canManage && view === 'active' && !data.some((c) => c.id === wanted))
      setView('archived');
  }, [wanted, data, canManage, view]);

  const committees = (data ?? []).filter((c) => (archivedView ? c.archived : !c.archived));
  // A committee that leaves the list (archived, deleted) is deselected.
  const selected = committees.find((c) => c.id === selectedId) ?? null;

  return (
    <>
      <PageHeader
        title="Sub Committees"
        subtitle="Working groups of the board: chat, documents and membership"
        actions={
          canManage && (
            <>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={view}
                onChange={(_, value: 'active' | 'archived' | null) => {
                  if (value) {
                    setView(value);
                    setSelectedId(null);
                  }
                }}
                aria-label="Committees shown"
              >
                <ToggleButton value="active">Active</ToggleButton>
                <ToggleButton value="archived">Archived</ToggleButton>
              </ToggleButtonGroup>
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setCreateOpen(true)}
              >
                Create Committee
              </Button>
            </>
          )
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '300px 1fr' },
          alignItems: 'start',
        }}
      >
        <Card component="nav" aria-labelledby="your-committees">
          <CardContent sx={{ pb: 1 }}>
            <Typography variant="h2" id="your-committees">
              Your Committees
            </Typography>
          </CardContent>
          {isLoading ? (
            <LoadingBlock />
          ) : error ? (
            <Box sx={{ px: 2 }}>
              <ErrorBlock error={error} />
            </Box>
          ) : committees.length === 0 ? (
            <EmptyState
              title={archivedView ? 'No archived committees' : 'No committees yet'}
              description={archivedView ? undefined : 'Committees you belong to appear here.'}
            />
          ) : (
            <List sx={{ px: 1 }}>
              {committees.map((c) => (
                <li key={c.id}>
                  <ListItemButton
                    selected={c.id === selected?.id}
                    aria-current={c.id === selected?.id ? 'true' : undefined}
                    onClick={() => setSelectedId(c.id)}
                    sx={{ borderRadius: 2, mb: 0.5 }}
                  >
                    <ListItemText
                      primary={
                        <Box
                          component="span"
                          sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}
                        >
                          {c.name}
                          {c.role === 'committee_chair' && (
                            <WorkspacePremiumOutlined
                              fontSize="small"
                              color="primary"
                              titleAccess="You chair this committee"
                            />
                          )}
                        </Box>
                      }
                      secondary={plural(c.memberCount, 'member', 'members')}
                    />
                    {c.archived && <ToneChip label="Archived" tone="warning" />}
                  </ListItemButton>
                </li>
              ))}
            </List>
          )}
        </Card>
        <Card>
          <CardContent>
            {selected ? (
              <CommitteeDetail
                key={`${selected.id}-${selected.id === wanted ? wantedTab : ''}`}
                committee={selected}
                initialTab={selected.id === wanted ? wantedTab : undefined}
                onGone={() => setSelectedId(null)}
              />
            ) : (
              <EmptyState
                icon={<GroupsOutlined />}
                title="Select a Committee"
                description="Choose a committee from the list to see its chat, documents and members."
              />
            )}
          </CardContent>
        </Card>
      </Box>
      {createOpen && (
        <CreateCommitteeDialog
          open
          onClose={() => setCreateOpen(false)}
          onCreated={(c) => {
            setView('active');
            setSelectedId(c.id);
          }}
        />
      )}
    </>
  );
}
