// The board secretary setting (spec §10 settings, §16 Signing): read by everyone, changed by admins and
// chairs; an inactive user is refused under the field.
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID, db } from '@/testing/mocks/db';
import { expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

beforeEach(() => {
  server.use(
    http.get('/api/terms', () => HttpResponse.json([])),
    http.get('/api/terms/warnings', () => HttpResponse.json([])),
  );
});

describe('board secretary setting', () => {
  it('lets a chair name the secretary, and shows a 400 under the field', async () => {
    const { user } = renderApp('/governance?tab=terms', { as: 'chair' });
    const region = await screen.findByRole('region', { name: 'Board secretary' });
    expect(region).toHaveTextContent('The board has no secretary in the portal');
    await user.click(within(region).getByRole('button', { name: 'Change the board secretary' }));
    const select = within(region).getByLabelText('Board secretary');
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(select, String(TRUSTEE_ID));
    await user.click(within(region).getByRole('button', { name: 'Save board secretary' }));
    await expectToast('Board secretary saved');
    expect(db.governanceSettings.secretaryId).toBe(TRUSTEE_ID);
    expect(await within(region).findByText(/Tina Trustee is the board's secretary/)).toBeVisible();

    db.users.find((u) => u.id === TRUSTEE_ID)!.active = false;
    await user.click(within(region).getByRole('button', { name: 'Change the board secretary' }));
    await user.click(within(region).getByRole('button', { name: 'Save board secretary' }));
    expect(await within(region).findByText('Choose an active user')).toBeVisible();
  });

  it('shows a trustee who the secretary is, without a way to change it', async () => {
    db.governanceSettings.secretaryId = TRUSTEE_ID;
    db.governanceSettings.secretaryName = 'Tina Trustee';
    renderApp('/governance?tab=terms', { as: 'trustee' });
    const region = await screen.findByRole('region', { name: 'Board secretary' });
    expect(region).toHaveTextContent("Tina Trustee is the board's secretary");
    expect(within(region).queryByRole('button')).toBeNull();
  });
});
