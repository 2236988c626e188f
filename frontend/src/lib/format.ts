import dayjs from 'dayjs';

/** 'MMM d, yyyy' of the spec, e.g. 'Jan 5, 2025'. */
export const formatDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('MMM D, YYYY') : '';

/** 'MMM d, yyyy • h:mm a' of the spec, e.g. 'Jan 5, 2025 • 6:30 PM'. */
export const formatDateTime = (value: string): string =>
  dayjs(value).format('MMM D, YYYY • h:mm A');

/** A day as '31 Dec 2026' (a guest's pass: spec §6 Guests). */
export const formatDay = (value: string): string => dayjs(value).format('D MMM YYYY');

export const formatLongDate = (value: string): string => dayjs(value).format('dddd, MMMM D, YYYY');

export const formatTime = (value: string): string => dayjs(value).format('h:mm A');

export const formatDayOfMonth = (value: string): string => dayjs(value).format('D');

export const formatMonthShort = (value: string): string => dayjs(value).format('MMM');

const KB = 1024;
const MB = 1024 * KB;

/** One decimal below 10 ('2.5 KB'), whole numbers above ('240 KB'). */
const units = (value: number): string =>
  value < 9.95 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));

/**
 * A file size in human units (spec §9): bytes below 1 KB, so that a non-empty file never reads '0 KB',
 * then KB and MB. A size that would round up to 1024 KB is shown as 1 MB.
 */
export const formatFileSize = (bytes: number | null | undefined): string => {
  const size = Math.max(0, bytes ?? 0);
  if (size < KB) return size === 1 ? '1 byte' : `${size} bytes`;
  if (size < MB - KB / 2) return `${units(size / KB)} KB`;
  return `${units(size / MB)} MB`;
};

export const truncate = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

/** First letters of the name's words, at most 2, upper case. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();

/** A value of an <input type="datetime-local"> as an RFC 3339 UTC timestamp. */
export const localInputToIso = (value: string): string => dayjs(value).toISOString();

export const isPast = (value: string | null | undefined): boolean =>
  !!value && dayjs(value).isBefore(dayjs());

export const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;
