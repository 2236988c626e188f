// The signed-in person's own tasks (spec §2 Dashboard, "For you"; wire contract GET /api/me/tasks).
// The endpoint is built alongside: until the generated schema carries `Task` and `TaskKind`, the local
// types below mirror the contract. They are replaced by `components['schemas']['Task']` once
// api.generated.ts has it.
import useSWR from 'swr';

/** What a task asks for (schema `TaskKind`; replaced by the generated schema). */
export type TaskKind =
  | 'answer-attendance'
  | 'read-papers'
  | 'vote-resolution'
  | 'declare-interests'
  | 'do-action'
  | 'read-minutes'
  | 'publish-agenda'
  | 'record-attendance'
  | 'circulate-minutes'
  | 'chase-declarations'
  | 'term-ending'
  | 'handle-conflict';

/** One thing for the signed-in person to do (schema `Task`; replaced by the generated schema). */
export type Task = {
  id: string;
  kind: TaskKind;
  /** A short sentence naming the thing, without the date. */
  text: string;
  /** RFC 3339 date-time (a meeting's start, a resolution's closing time) or null. */
  dueAt: string | null;
  /** YYYY-MM-DD (an action's due date, a round's due date) or null. */
  dueDate: string | null;
  overdue: boolean;
  meetingId: number | null;
  /** The portal path that does the task, e.g. "/meetings/12#attendance". */
  link: string;
};

export const tasksPath = '/api/me/tasks';

/** The caller's tasks, soonest first; an error leaves the screen to its own data (nothing shown). */
export const useMyTasks = () => useSWR<Task[]>(tasksPath);

/** The tasks belonging to one meeting. */
export const meetingTasks = (tasks: Task[] | undefined, meetingId: number): Task[] =>
  (tasks ?? []).filter((task) => task.meetingId === meetingId);
