import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { api, ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { fileNameFromDisposition } from '@/lib/download';
import { formatDate, formatDateTime, initials, truncate } from '@/lib/format';
import {
  canChangeActionStatus,
  canDeleteUser,
  canManageCommittee,
  canManageUser,
  roleChoices,
} from '@/lib/permissions';

describe('api client', () => {
  it("raises '{status}: {message}' from a JSON error body", async () => {
    server.use(
      http.get('/api/x', () =>
        HttpResponse.json({ message: 'Title is required' }, { status: 400 }),
      ),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({
      message: '400: Title is required',
      status: 400,
      serverMessage: 'Title is required',
    });
  });

  it('uses the raw text, or the status text when the body is empty', async () => {
    server.use(
      http.get('/api/text', () => new HttpResponse('Bad gateway here', { status: 502 })),
      http.get(
        '/api/empty',
        () => new HttpResponse(null, { status: 404, statusText: 'Not Found' }),
      ),
    );
    await expect(api.get('/api/text')).rejects.toThrow('502: Bad gateway here');
    await expect(api.get('/api/empty')).rejects.toThrow('404: Not Found');
  });

  it('sends the bearer token and JSON, and signs out on 401 of a signed-in call', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post('/api/y', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ message: 'no' }, { status: 401 });
      }),
    );
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    window.localStorage.setItem('token', 'abc');
    const error = await api.post('/api/y', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(headers?.get('Authorization')).toBe('Bearer abc');
    expect(headers?.get('Content-Type')).toBe('application/json');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    setUnauthorizedHandler(null);
  });
});

describe('helpers', () => {
  it('reads file names from Content-Disposition', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="a.pdf"; filename*=UTF-8''Caf%C3%A9%20notes.pdf`,
      ),
    ).toBe('Café notes.pdf');
    expect(fileNameFromDisposition('attachment; filename="report 1.docx"')).toBe('report 1.docx');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('attachment')).toBe('document');
    expect(fileNameFromDisposition(null)).toBe('document');
  });

  it('formats dates, sizes, text and initials', () => {
    expect(formatDate('2025-01-05T12:00:00')).toBe('Jan 5, 2025');
    expect(formatDateTime('2025-03-05T18:30:00')).toBe('Mar 5, 2025 • 6:30 PM');
    expect(truncate('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
    expect(initials('mary ann van der berg')).toBe('MA');
    expect(initials('Cher')).toBe('C');
  });

  it('applies the role rules', () => {
    const admin = { id: 1, role: 'admin' as const };
    const chair = { id: 2, role: 'chair' as const };
    const trustee = { id: 3, role: 'trustee' as const };
    expect(roleChoices(admin)).toEqual(['admin', 'chair', 'trustee']);
    expect(roleChoices(chair)).toEqual(['chair', 'trustee']);
    expect(roleChoices(trustee)).toEqual([]);
    expect(canManageUser(chair, { role: 'admin' })).toBe(false);
    expect(canManageUser(chair, { role: 'trustee' })).toBe(true);
    expect(canDeleteUser(admin, { id: 1, role: 'admin' })).toBe(false);
    expect(canChangeActionStatus(trustee, { status: 'pending', assignedTo: 3 })).toBe(true);
    expect(canChangeActionStatus(trustee, { status: 'overdue', assignedTo: 4 })).toBe(false);
    expect(canChangeActionStatus(admin, { status: 'complete', assignedTo: 1 })).toBe(false);
    expect(canManageCommittee(trustee, { role: 'committee_chair' })).toBe(true);
    expect(canManageCommittee(trustee, { role: 'member' })).toBe(false);
  });
});
