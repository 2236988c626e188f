// The meeting page with the reader's own tasks (spec §2 Meeting page, next steps): the app puts the
// two features together, as features do not import each other.
import { useParams } from 'react-router-dom';
import { MeetingPage } from '@/features/meetings/components/meeting-page';
import { meetingTasks, useMyTasks } from '@/features/dashboard/api/get-my-tasks';

export function MeetingRoute() {
  const { data } = useMyTasks();
  const id = Number(useParams().id);
  // Undefined while the tasks load, so the page does not say there is nothing to do before it knows.
  return <MeetingPage tasks={data === undefined ? undefined : meetingTasks(data, id)} />;
}
