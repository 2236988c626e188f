// The meeting page with the reader's own tasks (spec §2 Meeting page, next steps) and the signature of
// its approved minutes (spec §16): the app puts the features together, as features do not import each
// other.
import { useParams } from 'react-router-dom';
import { MeetingPage } from '@/features/meetings/components/meeting-page';
import type { MinutesSignatureSlot } from '@/features/meetings/minutes/components/minutes-section';
import { meetingTasks, useMyTasks } from '@/features/dashboard/api/get-my-tasks';
import { MinutesSignature } from '@/features/signing/components/minutes-signature';
import { WhoSignsMinutes } from '@/features/signing/components/who-signs-minutes';

const minutesSignature: MinutesSignatureSlot = (minutes) => (
  <MinutesSignature
    meetingId={minutes.meetingId}
    version={minutes.version}
    status={minutes.status}
  />
);

export function MeetingRoute() {
  const { data } = useMyTasks();
  const id = Number(useParams().id);
  // Undefined while the tasks load, so the page does not say there is nothing to do before it knows.
  return (
    <MeetingPage
      tasks={data === undefined ? undefined : meetingTasks(data, id)}
      minutesSignature={minutesSignature}
      whoSigns={(meetingId) => <WhoSignsMinutes meetingId={meetingId} />}
    />
  );
}

/** A guest's meeting page (spec §6 Guests): no tasks (a guest has none), no minutes, no signatures. */
export function GuestMeetingRoute() {
  return <MeetingPage tasks={[]} />;
}
