import { db, expectToast, renderApp, screen, within } from '@/testing/test-utils';

describe('calendar page', () => {
  it('shows upcoming meetings with their links', async () => {
    renderApp('/calendar', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Spring Board Meeting' });
    expect(within(card).getByText('Upcoming')).toBeInTheDocument();
    expect(within(card).getByText('Board Meeting')).toBeInTheDocument();
    expect(within(card).getByText('Community Hall')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Agenda' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Join Meeting' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule Meeting' })).not.toBeInTheDocument();
  });

  it('shows past meetings as completed with minutes and no join link', async () => {
    const { user } = renderApp('/calendar', { as: 'trustee' });
    await user.click(await screen.findByRole('tab', { name: 'Past Events' }));
    const card = await screen.findByRole('article', { name: 'Winter Board Meeting' });
    expect(within(card).getByText('Completed')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Minutes' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Join Meeting' })).not.toBeInTheDocument();
  });

  it('shows the empty states, with Schedule First Meeting only for admin or chair', async () => {
    db.meetings = [];
    const { user, unmount } = renderApp('/calendar', { as: 'trustee' });
    expect(await screen.findByText('No upcoming meetings')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Schedule First Meeting' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past Events' }));
    expect(await screen.findByText('No past meetings')).toBeInTheDocument();
    unmount();

    renderApp('/calendar', { as: 'chair' });
    expect(
      await screen.findByRole('button', { name: 'Schedule First Meeting' }),
    ).toBeInTheDocument();
  });

  it('validates and schedules a meeting', async () => {
    const { user } = renderApp('/calendar', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Schedule Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Meeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Date and time is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Title/), 'AGM');
    await user.type(within(dialog).getByLabelText(/^Date and Time/), '2099-06-01T18:30');
    await user.type(within(dialog).getByLabelText('Meeting Link'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Meeting Link'));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    await expectToast('Meeting created successfully');
    expect(await screen.findByRole('article', { name: 'AGM' })).toBeInTheDocument();
  });

  it("schedules a committee meeting, tagged with the committee's name", async () => {
    const { user } = renderApp('/calendar', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Schedule Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Finance review');
    await user.type(within(dialog).getByLabelText(/^Date and Time/), '2099-06-01T18:30');
    await user.selectOptions(within(dialog).getByLabelText('Kind of meeting'), 'committee');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await within(dialog).findByText('Choose the committee that meets')).toBeInTheDocument();
    await user.selectOptions(
      await within(dialog).findByLabelText(/^Committee/),
      await within(dialog).findByRole('option', { name: 'Finance Committee' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    await expectToast('Meeting created successfully');
    const card = await screen.findByRole('article', { name: 'Finance review' });
    expect(within(card).getByText('Finance Committee')).toBeInTheDocument();
    expect(within(card).queryByText('Board Meeting')).not.toBeInTheDocument();
  });

  it('tags the AGM and other meetings by their kind', async () => {
    db.meetings[0] = { ...db.meetings[0], kind: 'agm' };
    renderApp('/calendar', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Spring Board Meeting' });
    expect(within(card).getByText('AGM')).toBeInTheDocument();
  });
});
