import { withPhoneWidth } from '@/testing/phone-width';
import { renderApp, screen, within } from '@/testing/test-utils';

describe('tables on a phone', () => {
  withPhoneWidth();

  it('lists each document as a card with its fields and labelled controls', async () => {
    renderApp('/documents', { as: 'chair' });
    const finance = await screen.findByRole('region', { name: 'Finance' });
    expect(within(finance).queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(within(finance).getByRole('list')).getAllByRole('listitem');
    expect(within(card).getByText('Annual Accounts 2024')).toBeInTheDocument();
    expect(within(card).getByText('200 KB')).toBeInTheDocument();
    // Each field keeps its column's label; each control shows its word, not only an icon.
    expect(within(card).getByText('Version')).toBeInTheDocument();
    expect(within(card).getByText('Jan 5, 2025')).toBeInTheDocument();
    for (const word of ['Download', 'Read', 'Delete'])
      expect(
        within(card).getByRole('button', { name: `${word} Annual Accounts 2024` }),
      ).toHaveTextContent(word);
  });

  it('lists users with every control of the role visible', async () => {
    renderApp('/users', { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Users' });
    const tina = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('tina@charity.org'));
    expect(tina).toBeDefined();
    const card = tina as HTMLElement;
    expect(within(card).getByText('Role')).toBeInTheDocument();
    expect(within(card).getByText('Created')).toBeInTheDocument();
    for (const name of [/^Edit /, /^Reset password for /, /^Delete /])
      expect(within(card).getByRole('button', { name })).toBeVisible();
  });

  it('shows minutes with their Read or Open control on each card', async () => {
    renderApp('/minutes', { as: 'trustee' });
    const list = await screen.findByRole('list', { name: 'Minutes' });
    for (const item of within(list).getAllByRole('listitem'))
      expect(
        within(item).queryByRole('link', { name: /^Read / }) ??
          within(item).getByRole('button', { name: /^Open / }),
      ).toBeInTheDocument();
  });

  it('lists audit events as cards with every field labelled, and keeps the paging', async () => {
    renderApp('/audit-log', { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Audit events' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    for (const label of ['Time', 'Person', 'Event', 'Object', 'Details', 'Address'])
      expect(within(cards[1]).getByText(label)).toBeInTheDocument();
    expect(within(cards[1]).getByText('Role changed')).toBeInTheDocument();
    expect(within(cards[1]).getByText('role: trustee -> chair')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
  });
});
