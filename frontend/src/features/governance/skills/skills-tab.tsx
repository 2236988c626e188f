// The Governance page's Skills tab (docs/spec.md §18): my ratings, the matrix with its gaps and succession
// warnings (as text, not colour alone), the CSV, and for officers the list of skills.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorToast, useNotify } from '@/components/notifications/notifications-provider';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { useUser } from '@/lib/auth';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { isAdminOrChair } from '@/lib/permissions';
import {
  levelLabels,
  matrixCsvPath,
  useAllSkills,
  useEditSkills,
  useMySkills,
  useSaveMySkills,
  useSkillMatrix,
  type Skill,
  type SkillColumn,
  type SkillLevel,
} from '@/features/governance/skills/api';

const levels: SkillLevel[] = ['none', 'some', 'strong'];

/** The signed-in trustee's own ratings: one radio group per skill, wrapping on a phone. */
function MySkills() {
  const notify = useNotify();
  const { data, error, isLoading } = useMySkills();
  const save = useSaveMySkills();
  const [chosen, setChosen] = useState<Record<number, SkillLevel>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setChosen(Object.fromEntries(data.map((r) => [r.skillId, r.level])));
  }, [data]);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  const ratings = data ?? [];
  const submit = () => {
    setBusy(true);
    save(ratings.map((r) => ({ skillId: r.skillId, level: chosen[r.skillId] ?? r.level })))
      .then(() => notify({ title: 'Your skills are saved' }))
      .catch((e) => notify(errorToast(e, 'Failed to save your skills')))
      .finally(() => setBusy(false));
  };
  return (
    <Box component="section" aria-labelledby="my-skills" sx={{ mb: 4 }}>
      <Typography variant="h2" id="my-skills" sx={{ mb: 1 }}>
        My skills
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Rate yourself on each skill. Only you can change your ratings; everyone on the board sees
        the matrix, and the trustee directory shows your strong skills beside your name (lived
        experience of recovery included): choose Some or None for anything you would rather keep to
        yourself.
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
        {ratings.map((r) => (
          <FormControl key={r.skillId} component="fieldset">
            <FormLabel component="legend">{r.name}</FormLabel>
            <RadioGroup
              row
              name={`skill-${r.skillId}`}
              value={chosen[r.skillId] ?? r.level}
              onChange={(_, value) =>
                setChosen((c) => ({ ...c, [r.skillId]: value as SkillLevel }))
              }
            >
              {levels.map((level) => (
                <FormControlLabel
                  key={level}
                  value={level}
                  control={<Radio />}
                  label={levelLabels[level]}
                  sx={{ minHeight: 44 }}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ))}
      </Box>
      <Button variant="contained" onClick={submit} disabled={busy}>
        {busy ? 'Saving...' : 'Save my skills'}
      </Button>
    </Box>
  );
}

/** What a column's cover says, in words (gaps and warnings are never colour alone). */
function coverText(column: SkillColumn): string {
  if (column.cover === 'nobody') return 'Gap: nobody';
  if (column.cover === 'some-only') return `Gap: some only (${column.someCount})`;
  return `${column.strongCount} strong`;
}

/** Every trustee against every skill; scrolls sideways on a phone with the names column in view. */
function Matrix() {
  const notify = useNotify();
  const { data, error, isLoading } = useSkillMatrix();
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  if (!data) return null;
  const gaps = data.skills.filter((s) => s.cover !== 'strong');
  const warned = data.skills.filter((s) => s.successionWarning);
  const sticky = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    minWidth: 140,
  } as const;
  const gapBg = (column: SkillColumn) =>
    column.cover !== 'strong' ? { bgcolor: 'warning.light' } : {};
  return (
    <Box component="section" aria-labelledby="skills-matrix" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" id="skills-matrix">
          Skills matrix
        </Typography>
        <Button
          variant="outlined"
          sx={{ ml: { sm: 'auto' } }}
          onClick={() =>
            downloadFile(matrixCsvPath).catch((e) => notify(errorToast(e, 'Download failed')))
          }
        >
          Download CSV
        </Button>
      </Box>
      {gaps.length > 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Gaps (nobody strong): {gaps.map((s) => s.name).join(', ')}.
        </Alert>
      )}
      {warned.map((s) => (
        <Alert severity="warning" sx={{ mb: 1 }} key={s.id}>
          {s.name} rests only on trustees whose terms end within 12 months.
        </Alert>
      ))}
      <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-labelledby="skills-matrix">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={sticky}>
                Trustee
              </TableCell>
              {data.skills.map((s) => (
                <TableCell
                  key={s.id}
                  component="th"
                  scope="col"
                  sx={{ minWidth: 110, ...gapBg(s) }}
                >
                  {s.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.trustees.map((t) => (
              <TableRow key={t.userId}>
                <TableCell component="th" scope="row" sx={sticky}>
                  <Typography sx={{ fontWeight: 600 }}>{t.name}</Typography>
                  {t.currentTermEndsOn && (
                    <Typography variant="body2" color="text.secondary">
                      Term ends {formatDate(t.currentTermEndsOn)}
                      {t.leavingWithinAYear ? ' (within a year)' : ''}
                    </Typography>
                  )}
                </TableCell>
                {t.levels.map((level, i) => (
                  <TableCell
                    key={data.skills[i]?.id ?? i}
                    sx={{
                      fontWeight: level === 'strong' ? 600 : undefined,
                      color: level === 'none' ? 'text.secondary' : undefined,
                    }}
                  >
                    {levelLabels[level]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={sticky}>
                Cover
              </TableCell>
              {data.skills.map((s) => (
                <TableCell key={s.id} sx={gapBg(s)}>
                  {coverText(s)}
                  {s.successionWarning && (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Warning: all strong holders leave within 12 months
                    </Typography>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** The board's list for officers: add, rename, move, retire and restore. */
function SkillsList() {
  const notify = useNotify();
  const { data, error, isLoading } = useAllSkills(true);
  const edit = useEditSkills();
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBlock error={error} />;
  const all = data ?? [];
  const current = all.filter((s) => !s.retired);
  const retired = all.filter((s) => s.retired);
  const run = (call: Promise<unknown>, success: string, failure: string) =>
    call.then(() => notify({ title: success })).catch((e) => notify(errorToast(e, failure)));
  const move = (index: number, by: number) => {
    const ids = current.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    void run(edit.reorder(ids), 'Order saved', 'Failed to reorder the skills');
  };
  const add = () =>
    edit
      .add(adding)
      .then(() => {
        setAdding('');
        setAddError(null);
        notify({ title: 'Skill added' });
      })
      .catch((e: { fieldErrors?: Record<string, string> | null }) => {
        const message = e.fieldErrors?.name;
        if (message) setAddError(message);
        else notify(errorToast(e, 'Failed to add the skill'));
      });
  const row = (s: Skill, index: number) => (
    <Box
      component="li"
      key={s.id}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
    >
      {renaming?.id === s.id ? (
        <>
          <TextField
            size="small"
            label={`New name for ${s.name}`}
            value={renaming.name}
            onChange={(e) => setRenaming({ id: s.id, name: e.target.value })}
          />
          <Button
            onClick={() =>
              void run(edit.rename(s.id, renaming.name), 'Skill renamed', 'Failed to rename').then(
                () => setRenaming(null),
              )
            }
          >
            Save
          </Button>
          <Button onClick={() => setRenaming(null)}>Cancel</Button>
        </>
      ) : (
        <Typography sx={{ flex: '1 1 12rem' }}>{s.name}</Typography>
      )}
      {!s.retired && renaming?.id !== s.id && (
        <>
          <Button
            size="small"
            aria-label={`Move ${s.name} up`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            Up
          </Button>
          <Button
            size="small"
            aria-label={`Move ${s.name} down`}
            disabled={index === current.length - 1}
            onClick={() => move(index, 1)}
          >
            Down
          </Button>
          <Button
            size="small"
            aria-label={`Rename ${s.name}`}
            onClick={() => setRenaming({ id: s.id, name: s.name })}
          >
            Rename
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Retire ${s.name}`}
            onClick={() =>
              void run(edit.setRetired(s.id, true), 'Skill retired', 'Failed to retire')
            }
          >
            Retire
          </Button>
        </>
      )}
      {s.retired && (
        <Button
          size="small"
          aria-label={`Restore ${s.name}`}
          onClick={() =>
            void run(edit.setRetired(s.id, false), 'Skill restored', 'Failed to restore')
          }
        >
          Restore
        </Button>
      )}
    </Box>
  );
  return (
    <Box component="section" aria-labelledby="skills-list">
      <Typography variant="h2" id="skills-list" sx={{ mb: 1 }}>
        The board&apos;s skills
      </Typography>
      <Box component="ol" aria-label="Current skills" sx={{ pl: 3, m: 0 }}>
        {current.map(row)}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', my: 2 }}>
        <TextField
          size="small"
          label="New skill"
          value={adding}
          error={Boolean(addError)}
          helperText={addError ?? undefined}
          onChange={(e) => setAdding(e.target.value)}
        />
        <Button variant="contained" onClick={() => void add()}>
          Add skill
        </Button>
      </Box>
      {retired.length > 0 && (
        <>
          <Typography variant="h3" sx={{ mb: 1 }}>
            Retired skills
          </Typography>
          <Box component="ul" aria-label="Retired skills" sx={{ pl: 3, m: 0 }}>
            {retired.map(row)}
          </Box>
        </>
      )}
    </Box>
  );
}

export function SkillsTab() {
  const user = useUser();
  const officer = isAdminOrChair(user);
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The Charity Governance Code asks boards to know the skills they have and to recruit for
        those they lack. The matrix warns when a skill rests only on trustees whose terms end within
        12 months.
      </Typography>
      <MySkills />
      <Matrix />
      {officer && <SkillsList />}
    </Box>
  );
}
