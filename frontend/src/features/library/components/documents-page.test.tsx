import { browser } from '@/lib/browser';
import {
  currentPath,
  db,
  expectToast,
  renderApp,
  screen,
  waitFor,
  within,
} from '@/testing/test-utils';

describe('documents page', () => {
  it('groups documents by category with counts and offers the reader for PDFs', async () => {
    renderApp('/documents', { as: 'trustee' });
    const finance = await screen.findByRole('region', { name: 'Finance' });
    expect(within(finance).getByLabelText('1 documents')).toBeInTheDocument();
    expect(within(finance).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read Annual Accounts 2024' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'View Annual Accounts 2024' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Read Safeguarding Policy' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'View Safeguarding Policy' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download Safeguarding Policy' }),
    ).toBeInTheDocument();
  });

  it('hides upload and delete from a trustee', async () => {
    renderApp('/documents', { as: 'trustee' });
    await screen.findByText('Annual Accounts 2024');
    expect(screen.queryByRole('button', { name: 'Upload Document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it.each(['admin', 'chair'] as const)('offers upload and delete to a %s', async (as) => {
    renderApp('/documents', { as });
    await screen.findByText('Annual Accounts 2024');
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Annual Accounts 2024' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    db.documents = [];
    const { user } = renderApp('/documents', { as: 'trustee' });
    expect(await screen.findByText('No documents have been uploaded yet.')).toBeInTheDocument();
    expect(screen.getByText('No documents found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Risk Register' }));
    expect(
      await screen.findByText('No documents in the Risk Register category.'),
    ).toBeInTheDocument();
  });

  it('validates and uploads a document', async () => {
    const { user } = renderApp('/documents', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    expect(within(dialog).getByText('PDF, Word, Excel or text. Max 10MB')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Version')).toHaveAttribute('placeholder', '1.0');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('File is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Title/), 'Risk Register 2025');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'risk-register');
    const file = new File(['x'.repeat(2048)], 'risk.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/^File/), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await expectToast('Document uploaded successfully');
    expect(await screen.findByText('Risk Register 2025')).toBeInTheDocument();
  });

  it('deletes a document after confirmation', async () => {
    const { user } = renderApp('/documents', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Delete Annual Accounts 2024' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Document deleted successfully');
    await waitFor(() => expect(screen.queryByText('Annual Accounts 2024')).not.toBeInTheDocument());
  });

  it('opens a PDF in the reader', async () => {
    const { user } = renderApp('/documents', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'Read Annual Accounts 2024' }));
    await waitFor(() => expect(currentPath()).toBe('/read/documents/1'));
  });

  it('opens an HTML document in a view tab through the view ticket', async () => {
    db.documents[0] = { ...db.documents[0], mimeType: 'text/html', fileName: 'accounts.html' };
    const fake = { location: { href: '' }, close: jest.fn(), opener: {} } as unknown as Window;
    const open = jest.spyOn(browser, 'open').mockReturnValue(fake);
    const { user } = renderApp('/documents', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'View Annual Accounts 2024' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(fake.location.href).toBe('/api/documents/1/view?ticket=abc'));
    expect(fake.opener).toBeNull();
    open.mockRestore();
  });

  it('downloads with the bearer token and the file name of the response', async () => {
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:doc'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp('/documents', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'Download Annual Accounts 2024' }));
    await waitFor(() => expect(names).toEqual(['Annual Accounts.pdf']));
    click.mockRestore();
  });
});
