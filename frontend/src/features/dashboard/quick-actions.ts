// The dashboard's Quick Actions (spec §2, Dashboard): only what the user's role may do, so that no button
// leads to a page without the control it names.
import { paths } from '@/config/paths';
import { canManageContent } from '@/lib/permissions';
import type { User } from '@/types/api';

export type QuickActionKey =
  | 'upload-document'
  | 'create-action'
  | 'post-notice'
  | 'browse-documents'
  | 'read-minutes'
  | 'view-trustees'
  | 'user-guide';

/** A link to a page (`to`) or, without it, the user guide in a new tab. */
export type QuickAction = { key: QuickActionKey; label: string; to?: string };

export function quickActionsFor(user: Pick<User, 'id' | 'role'>): QuickAction[] {
  const writes: QuickAction[] = canManageContent(user)
    ? [
        { key: 'upload-document', label: 'Upload Document', to: paths.documents },
        { key: 'create-action', label: 'Create Action', to: paths.actions },
        { key: 'post-notice', label: 'Post Notice', to: paths.notices },
      ]
    : [
        { key: 'browse-documents', label: 'Browse Documents', to: paths.documents },
        { key: 'read-minutes', label: 'Read Minutes', to: paths.minutes },
      ];
  return [
    ...writes,
    { key: 'view-trustees', label: 'View Trustees', to: paths.trustees },
    { key: 'user-guide', label: 'User Guide' },
  ];
}
