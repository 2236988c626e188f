// A guest's home, "My access" (spec §6 Guests), with the documents their pass names opened as the library
// opens them (the reader for a PDF, a download otherwise): the app puts the features together, as features
// do not import each other.
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import type { GuestDocument } from '@/types/api';
import { MyAccessPage } from '@/features/identity/guest-pass/components/my-access-page';
import { useDocuments } from '@/features/library/api/get-documents';
import { DocumentsTable } from '@/features/library/components/documents-table';

function NamedDocuments({ named }: { named: GuestDocument[] }) {
  // A guest's library is their pass's documents (and an auditor's of the period): the named ones here.
  const { data, error, isLoading } = useDocuments();
  if (isLoading) return <LoadingBlock label="Loading documents" />;
  if (error) return <ErrorBlock error={error} />;
  const ids = new Set(named.map((d) => d.id));
  const rows = (data ?? []).filter((d) => ids.has(d.id));
  return <DocumentsTable documents={rows} canDelete={false} caption="Documents on your pass" />;
}

export function MyAccessRoute() {
  return <MyAccessPage documents={(named) => <NamedDocuments named={named} />} />;
}
