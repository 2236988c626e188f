import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { db } from '@/testing/mocks/db';
import type { AuditEvent } from '@/types/api';

const rows = () => within(screen.getByRole('table', { name: 'Audit events' })).getAllByRole('row');

describe('audit log page', () => {
  it('lists events newest first with who, what, the object and the address', async () => {
    renderApp('/audit-log', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    await screen.findByText('Derek Departed (account deleted)');
    const body = rows().slice(1);
    expect(body).toHaveLength(5);
    expect(within(body[0]).getByText('Signed out')).toBeInTheDocument();
    expect(within(body[1]).getByText('Role changed')).toBeInTheDocument();
    expect(within(body[1]).getByText('Oscar Other <oscar@charity.org>')).toBeInTheDocument();
    expect(within(body[1]).getByText('role: trustee -> chair')).toBeInTheDocument();
    expect(within(body[4]).getByText('Sign-in failed')).toBeInTheDocument();
    expect(within(body[4]).getByText('Anonymous')).toBeInTheDocument();
    expect(within(body[4]).getAllByText('192.0.2.10')).toHaveLength(1);
  });

  it('filters by person, kind and dates, and clears the filters', async () => {
    const { user } = renderApp('/audit-log', { as: 'admin' });
    await screen.findByText('Derek Departed (account deleted)');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Person' }),
      'Tina Trustee',
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Event' }),
      'Document downloaded',
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Safeguarding policy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(6));
    await user.type(screen.getByLabelText('From'), '2025-01-07');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(screen.getByLabelText('To'), '2025-01-07');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1]).getByText('Role changed')).toBeInTheDocument();
  });

  it('pages through the events', async () => {
    const many: AuditEvent[] = Array.from({ length: 30 }, (_, i) => ({
      id: 100 + i,
      occurredAt: `2025-02-${String(i + 1).padStart(2, '0')}T10:00:00Z`.replace('-31T', '-28T'),
      kind: 'document_viewed',
      actorId: 1,
      actorName: 'Alice Admin',
      actorEmail: 'alice@charity.org',
      objectType: 'document',
      objectId: String(i),
      objectLabel: `Paper ${i}`,
      details: null,
      clientAddress: null,
    }));
    db.auditEvents.push(...many);
    const { user } = renderApp('/audit-log', { as: 'admin' });
    await screen.findByText('Paper 29');
    await user.selectOptions(screen.getByRole('combobox', { name: /rows per page/i }), '25');
    await waitFor(() => expect(rows()).toHaveLength(26));
    expect(screen.getByText('1–25 of 35')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(screen.getByText('26–35 of 35')).toBeInTheDocument());
    expect(rows()).toHaveLength(11);
    expect(within(rows()[10]).getByText('Sign-in failed')).toBeInTheDocument();
  });

  it('exports the filtered list as CSV', async () => {
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('.csv')) requested.push(request.url);
    });
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp('/audit-log', { as: 'admin' });
    await screen.findByText('Derek Departed (account deleted)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'Signed in');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['audit-log.csv']));
    expect(requested).toHaveLength(1);
    expect(new URL(requested[0]).search).toBe('?kind=sign_in_succeeded');
    click.mockRestore();
    server.events.removeAllListeners();
  });

  it('is in the sidebar for admins only, and the server refuses others', async () => {
    renderApp('/', { as: 'admin' });
    expect(await screen.findByRole('link', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('shows the refusal to a chair who opens the address', async () => {
    server.use(
      http.get('/api/audit-events', () =>
        HttpResponse.json({ message: 'Only admins can read the audit log.' }, { status: 403 }),
      ),
    );
    renderApp('/audit-log', { as: 'chair' });
    expect(await screen.findByText(/Only admins can read the audit log/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
