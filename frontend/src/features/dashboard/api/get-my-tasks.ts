// The signed-in person's open tasks, "For you" (spec §2 Dashboard).
import { useEffect } from 'react';
import useSWR from 'swr';
import { onServerWrite } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Task } from '@/types/api';

export const myTasksKey = '/api/me/tasks';

export const useMyTasks = () => useSWR<Task[]>(myTasksKey);

/** The tasks belonging to one meeting (its page's next steps). */
export const meetingTasks = (tasks: Task[] | undefined, meetingId: number): Task[] =>
  (tasks ?? []).filter((task) => task.meetingId === meetingId);

/**
 * Keeps the task list true after every write anywhere in the portal (answering attendance, voting,
 * opening a paper): refetched at once when on screen, otherwise forgotten so that it is fetched afresh
 * when next shown, never shown as it was before the write.
 */
export function useTasksFollowWrites(): void {
  const revalidate = useRevalidate();
  useEffect(() => onServerWrite(() => void revalidate(myTasksKey)), [revalidate]);
}
