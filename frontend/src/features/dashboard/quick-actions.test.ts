import { quickActionsFor } from '@/features/dashboard/quick-actions';

const labels = (role: 'admin' | 'chair' | 'trustee') =>
  quickActionsFor({ id: 1, role }).map((a) => a.label);

describe('quick actions per role', () => {
  it.each(['admin', 'chair'] as const)('offers a %s the writes the role may make', (role) => {
    expect(labels(role)).toEqual([
      'Upload Document',
      'Create Action',
      'Post Notice',
      'View Trustees',
      'User Guide',
    ]);
  });

  it('offers a trustee only what a trustee may do', () => {
    expect(labels('trustee')).toEqual([
      'Browse Documents',
      'Read Minutes',
      'View Trustees',
      'User Guide',
    ]);
  });

  it('links each page action to its page', () => {
    expect(quickActionsFor({ id: 1, role: 'chair' }).map((a) => a.to)).toEqual([
      '/documents',
      '/actions',
      '/notices',
      '/trustees',
      undefined,
    ]);
  });
});
