// Who sees a note, in the words the reader reads (docs/spec.md §2 Pack reader, Notes).
import type { NoteVisibility } from '@/features/reader/notes/types';

export const visibilityOptions = (
  committee: boolean,
): { value: NoteVisibility; label: string }[] => [
  { value: 'private', label: 'Only me' },
  { value: 'officers', label: 'Chairs and admins' },
  {
    value: 'shared',
    label: committee
      ? 'Everyone in the committee who can read this paper'
      : 'Everyone who can read this paper',
  },
];

/** The short label of the panel's list. */
export const visibilityLabel: Record<NoteVisibility, string> = {
  private: 'Only me',
  officers: 'Chairs and admins',
  shared: 'Shared with readers',
};

/** The first words of a note (its text, else its quote) for an accessible name. */
export function firstWords(text: string, count = 8): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'no text';
  return words.length > count ? `${words.slice(0, count).join(' ')}…` : words.join(' ');
}
