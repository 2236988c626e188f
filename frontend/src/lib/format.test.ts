import { emailBreakParts } from '@/components/email-address';
import { formatFileSize } from '@/lib/format';

describe('file sizes in human units', () => {
  it('never rounds a non-empty file to 0: bytes below 1 KB', () => {
    expect(formatFileSize(225)).toBe('225 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(null)).toBe('0 bytes');
    expect(formatFileSize(1023)).toBe('1023 bytes');
  });

  it('shows KB with one decimal below 10 and whole KB above', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10240)).toBe('10 KB');
    expect(formatFileSize(204800)).toBe('200 KB');
  });

  it('switches to MB rather than show 1024 KB', () => {
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1 MB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});

describe('e-mail addresses', () => {
  it('may wrap before the @ and before each dot, never mid-word', () => {
    expect(emailBreakParts('margaret.okafor@example.org')).toEqual([
      'margaret',
      '.okafor',
      '@example',
      '.org',
    ]);
    expect(emailBreakParts('plain').join('')).toBe('plain');
  });
});
