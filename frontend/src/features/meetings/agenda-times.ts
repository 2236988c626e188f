// The agenda's running times: each item starts when the ones before it end.
import dayjs from 'dayjs';

export type Timed = { durationMinutes: number };

export type ItemTime = { startsAt: string; endsAt: string };

/** The planned start and end of each item, in order, from the meeting's start. */
export function runningTimes(meetingStart: string, items: Timed[]): ItemTime[] {
  let at = dayjs(meetingStart);
  return items.map((item) => {
    const startsAt = at.toISOString();
    at = at.add(item.durationMinutes, 'minute');
    return { startsAt, endsAt: at.toISOString() };
  });
}

/** When the agenda ends: the meeting's start plus every item's duration. */
export function agendaEnd(meetingStart: string, items: Timed[]): string {
  const minutes = items.reduce((sum, item) => sum + item.durationMinutes, 0);
  return dayjs(meetingStart).add(minutes, 'minute').toISOString();
}

/** Minutes by which the agenda runs past the meeting's planned end (0 when it fits). */
export function overrunMinutes(meetingStart: string, plannedEnd: string, items: Timed[]): number {
  return Math.max(0, dayjs(agendaEnd(meetingStart, items)).diff(dayjs(plannedEnd), 'minute'));
}

/** The ids with the item at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export const purposeLabels = {
  decision: 'Decision',
  discussion: 'Discussion',
  information: 'Information',
  noting: 'Noting',
} as const;
