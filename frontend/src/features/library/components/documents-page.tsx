import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { categoryLabels } from '@/components/status-chips';
import { useUser } from '@/lib/auth';
import { canManageContent, isGuest } from '@/lib/permissions';
import type { DocumentCategory, PortalDocument } from '@/types/api';
import { useDocuments } from '@/features/library/api/get-documents';
import { DocumentsTable } from '@/features/library/components/documents-table';
import { UploadDocumentDialog } from '@/features/library/components/upload-document-dialog';

type TabValue = 'all' | DocumentCategory;

const categories = Object.keys(categoryLabels) as DocumentCategory[];

function grouped(documents: PortalDocument[]) {
  return categories
    .map((category) => ({ category, items: documents.filter((d) => d.category === category) }))
    .filter((group) => group.items.length > 0);
}

export function DocumentsPage() {
  const user = useUser();
  const canManage = canManageContent(user);
  const [tab, setTab] = useState<TabValue>('all');
  const [uploadOpen, setUploadOpen] = useState(false);
  const { data, error, isLoading } = useDocuments(tab === 'all' ? undefined : tab);

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error) body = <ErrorBlock error={error} />;
  else if (!data?.length)
    body = (
      <EmptyState
        icon={<FolderOpenOutlined />}
        title="No documents found"
        description={
          tab === 'all'
            ? 'No documents have been uploaded yet.'
            : `No documents in the ${categoryLabels[tab]} category.`
        }
      />
    );
  else if (tab === 'all')
    body = (
      // minmax(0, 1fr): a wide table scrolls inside its group instead of stretching (and being cut off).
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {grouped(data).map(({ category, items }) => (
          <Box component="section" key={category} aria-label={categoryLabels[category]}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, mb: 1 }}>
              <Typography variant="h2">{categoryLabels[category]}</Typography>
              <Chip label={items.length} aria-label={`${items.length} documents`} />
            </Box>
            <DocumentsTable
              documents={items}
              canDelete={canManage}
              caption={`${categoryLabels[category]} documents`}
            />
          </Box>
        ))}
      </Box>
    );
  else
    body = (
      <DocumentsTable
        documents={data}
        canDelete={canManage}
        caption={`${categoryLabels[tab]} documents`}
      />
    );

  return (
    <>
      <PageHeader
        title="Document Library"
        subtitle={
          // A guest's library holds what their pass lets them read (spec §6 Guests).
          isGuest(user)
            ? 'The documents you were invited to read, by category'
            : 'Board papers, policies and reports by category'
        }
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<UploadFileOutlined />}
              onClick={() => setUploadOpen(true)}
            >
              Upload Document
            </Button>
          )
        }
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, value: TabValue) => setTab(value)}
          aria-label="Document categories"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          <Tab value="all" label="All Documents" />
          {categories.map((c) => (
            <Tab key={c} value={c} label={categoryLabels[c]} />
          ))}
        </Tabs>
        <Box sx={{ py: 2 }}>{body}</Box>
      </Card>
      {uploadOpen && (
        <UploadDocumentDialog
          open
          onClose={() => setUploadOpen(false)}
          defaultCategory={tab === 'all' ? undefined : tab}
        />
      )}
    </>
  );
}
