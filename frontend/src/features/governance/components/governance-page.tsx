// The governance page (spec §10): register of interests, terms of office, annual declarations and
// written resolutions, one tab each (the tab is kept in the URL's ?tab=).
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '@/components/page-header';
import { DeclarationsTab } from '@/features/governance/components/declarations-tab';
import { InterestsTab } from '@/features/governance/components/interests-tab';
import { ResolutionsTab } from '@/features/governance/components/resolutions-tab';
import {
  SignatureSlotsProvider,
  type GovernanceSignatureSlots,
} from '@/features/governance/components/signature-slots';
import { TermsTab } from '@/features/governance/components/terms-tab';
import { EvaluationTab } from '@/features/governance/evaluation/evaluation-tab';
import { SkillsTab } from '@/features/governance/skills/skills-tab';

const tabs = [
  { key: 'interests', label: 'Register of interests', panel: <InterestsTab /> },
  { key: 'terms', label: 'Terms of office', panel: <TermsTab /> },
  { key: 'declarations', label: 'Declarations', panel: <DeclarationsTab /> },
  { key: 'resolutions', label: 'Written resolutions', panel: <ResolutionsTab /> },
  { key: 'evaluation', label: 'Evaluation', panel: <EvaluationTab /> },
  { key: 'skills', label: 'Skills', panel: <SkillsTab /> },
] as const;

/** `signatures`: what the app shows of signed resolutions and declarations (spec §16). */
export function GovernancePage({ signatures = {} }: { signatures?: GovernanceSignatureSlots }) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0];
  return (
    <>
      <PageHeader
        title="Governance"
        subtitle="Interests, terms, declarations, resolutions, evaluation and skills"
      />
      <Tabs
        value={current.key}
        onChange={(_, key: string) => setParams({ tab: key })}
        aria-label="Governance sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`tab-${t.key}`}
            aria-controls={`panel-${t.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`panel-${current.key}`} aria-labelledby={`tab-${current.key}`}>
        <SignatureSlotsProvider value={signatures}>{current.panel}</SignatureSlotsProvider>
      </Box>
    </>
  );
}
