import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsProvider } from '@/components/notifications/notifications-provider';
import { AgendaBuilder, type AgendaActions } from '@/features/meetings/components/agenda-builder';
import { formatTime } from '@/lib/format';
import {
  agendaItemFixture,
  MEETING_START,
  meetingFixture,
} from '@/features/meetings/test-fixtures';

const start = MEETING_START;

const meeting = (durationMinutes: number) =>
  meetingFixture({
    id: 1,
    title: 'Board meeting',
    durationMinutes,
    plannedEnd: new Date(Date.parse(start) + durationMinutes * 60_000).toISOString(),
    agendaStatus: 'draft',
    agendaPublishedAt: null,
  });

const item = (id: number, title: string, durationMinutes: number) =>
  agendaItemFixture(id, title, { purpose: 'discussion', durationMinutes });

const agenda = [item(1, 'Welcome', 5), item(2, 'Budget', 30), item(3, 'Any other business', 10)];

function actions(): AgendaActions {
  return {
    addItem: jest.fn(),
    addStandardItems: jest.fn(),
    updateItem: jest.fn(),
    deleteItem: jest.fn(),
    reorder: jest.fn().mockResolvedValue([]),
    uploadPaper: jest.fn(),
    linkPaper: jest.fn(),
    removePaper: jest.fn(),
    downloadPaper: jest.fn(),
    editItem: jest.fn(),
    attachPaper: jest.fn(),
  };
}

const renderBuilder = (durationMinutes: number, given = actions(), canManage = true) => {
  render(
    <NotificationsProvider>
      <AgendaBuilder
        meeting={meeting(durationMinutes)}
        agenda={agenda}
        canManage={canManage}
        actions={given}
      />
    </NotificationsProvider>,
  );
  return given;
};

const at = (minutes: number) =>
  formatTime(new Date(Date.parse(start) + minutes * 60_000).toISOString());

describe('agenda builder', () => {
  it('shows running start times and the planned end without a warning when the agenda fits', () => {
    renderBuilder(60);
    const budget = screen.getByRole('listitem', { name: 'Item 2: Budget' });
    expect(within(budget).getByText(`${at(5)} – ${at(35)} (30 min)`)).toBeInTheDocument();
    const aob = screen.getByRole('listitem', { name: 'Item 3: Any other business' });
    expect(within(aob).getByText(`${at(35)} – ${at(45)} (10 min)`)).toBeInTheDocument();
    expect(screen.getByTestId('agenda-end')).toHaveTextContent(
      `Agenda ends at ${at(45)}; the meeting is planned to end at ${at(60)}.`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the agenda runs past the planned end', () => {
    renderBuilder(30);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The agenda runs 15 minutes past the meeting's planned end.",
    );
  });

  it('reorders by keyboard with Move up / Move down and announces the move', async () => {
    const user = userEvent.setup({ delay: null });
    const given = renderBuilder(60);
    expect(screen.getByRole('button', { name: 'Move item 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move item 3 down' })).toBeDisabled();
    const up = screen.getByRole('button', { name: 'Move item 2 up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(given.reorder).toHaveBeenCalledWith([2, 1, 3]);
    expect(await screen.findByTestId('agenda-announcer')).toHaveTextContent(
      'Moved "Budget" to position 1 of 3.',
    );
    // The numbers and running times follow the new order.
    const first = screen.getByRole('listitem', { name: 'Item 1: Budget' });
    expect(within(first).getByText(`${at(0)} – ${at(30)} (30 min)`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move item 2 down' }));
    expect(given.reorder).toHaveBeenLastCalledWith([2, 3, 1]);
  });

  it('puts the order back when the server refuses it', async () => {
    const user = userEvent.setup({ delay: null });
    const given = actions();
    given.reorder = jest.fn().mockRejectedValue(new Error('stale'));
    renderBuilder(60, given);
    await user.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    expect(await screen.findByTestId('agenda-announcer')).toHaveTextContent(
      'The new order could not be saved.',
    );
    expect(
      screen.getByRole('listitem', { name: 'Item 3: Any other business' }),
    ).toBeInTheDocument();
  });

  it('shows no building controls to trustees', () => {
    renderBuilder(60, actions(), false);
    expect(screen.queryByRole('button', { name: /Move item/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
  });
});
