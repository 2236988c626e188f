// What every form does with a refused write: a 400's field errors under their fields, with what was
// typed kept and focus on the first field in error; a 403 or 409 message inside the form.
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/types/api';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const refuse = (method: 'post' | 'put', path: string, status: number, body: ErrorBody) =>
  server.use(http[method](path, () => HttpResponse.json<ErrorBody>(body, { status })));

/** The field's own error text (MUI links it to the field as its description). */
const expectFieldError = async (field: HTMLElement, message: string) => {
  await waitFor(() => expect(field).toHaveAccessibleDescription(message));
  await waitFor(() => expect(field).toHaveFocus());
};

describe('forms show the server answer where it belongs', () => {
  it('user form: a taken e-mail is shown under Email, and focus moves there', async () => {
    refuse('post', '/api/users', 400, {
      message: 'Validation failed',
      errors: { email: 'A user with this email already exists' },
    });
    const { user } = renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nina New');
    await user.type(within(dialog).getByLabelText(/^Email/), 'nina@charity.org');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const email = within(dialog).getByLabelText(/^Email/);
    await expectFieldError(email, 'A user with this email already exists');
    expect(email).toHaveValue('nina@charity.org');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Nina New');
  });

  it('document upload: a refused title is shown under Title, the form keeps its values', async () => {
    refuse('post', '/api/documents', 400, {
      message: 'Validation failed',
      errors: { title: 'Title must be at most 200 characters' },
    });
    const { user } = renderApp('/documents', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Risk Register 2025');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'risk-register');
    const file = new File(['%PDF-1.4'], 'risk.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/^File/), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const title = within(dialog).getByLabelText(/^Title/);
    await expectFieldError(title, 'Title must be at most 200 characters');
    expect(title).toHaveValue('Risk Register 2025');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveValue('risk-register');
  });

  it('action form: an inactive assignee is shown under Assign To, focus on it', async () => {
    refuse('post', '/api/actions', 400, {
      message: 'Validation failed',
      errors: { assignedTo: 'The assignee must be an active user' },
    });
    const { user } = renderApp('/actions', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Create Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Action' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Book venue');
    await within(dialog).findByRole('option', { name: 'Oscar Other' });
    await user.selectOptions(within(dialog).getByLabelText(/^Assign To/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Create Action' }));

    const assignee = within(dialog).getByLabelText(/^Assign To/);
    await expectFieldError(assignee, 'The assignee must be an active user');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Book venue');
  });

  it('meeting form: a refused date is shown under Date and Time', async () => {
    refuse('post', '/api/meetings', 400, {
      message: 'Validation failed',
      errors: { meetingDate: 'Meeting date must be a valid date and time' },
    });
    const { user } = renderApp('/calendar', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Schedule Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'AGM');
    await user.type(within(dialog).getByLabelText(/^Date and Time/), '2099-06-01T18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));

    const date = within(dialog).getByLabelText(/^Date and Time/);
    await expectFieldError(date, 'Meeting date must be a valid date and time');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('AGM');
  });

  it('notice form: errors on two fields are each shown, focus on the first in the form', async () => {
    refuse('post', '/api/notices', 400, {
      message: 'Validation failed',
      errors: {
        content: 'Content must be at most 10000 characters',
        title: 'Title must be at most 200 characters',
      },
    });
    const { user } = renderApp('/notices', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Post Notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Notice' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'New policy');
    await user.type(within(dialog).getByLabelText(/^Content/), 'Please read it.');
    await user.click(within(dialog).getByRole('button', { name: 'Post Notice' }));

    const title = within(dialog).getByLabelText(/^Title/);
    await expectFieldError(title, 'Title must be at most 200 characters');
    expect(within(dialog).getByLabelText(/^Content/)).toHaveAccessibleDescription(
      'Content must be at most 10000 characters',
    );
    expect(within(dialog).getByLabelText(/^Content/)).toHaveValue('Please read it.');
  });

  it.each([
    [409, 'Only active users can be committee members'],
    [403, 'Only admins and chairs can create notices'],
  ])('a %s message is shown inside the form, which stays open', async (status, message) => {
    refuse('post', '/api/notices', status, { message });
    const { user } = renderApp('/notices', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Post Notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Notice' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'New policy');
    await user.type(within(dialog).getByLabelText(/^Content/), 'Please read it.');
    await user.click(within(dialog).getByRole('button', { name: 'Post Notice' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('New policy');
  });
});
