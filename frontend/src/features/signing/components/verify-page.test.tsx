import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { SIGNED_FILE_TEXT, signatureFixture, signingDb } from '@/testing/mocks/signing';
import { fireEvent, renderApp, screen } from '@/testing/test-utils';

const pdf = (text: string, name = 'minutes.pdf') =>
  new File([text], name, { type: 'application/pdf' });

const signedAnswer =
  'This file is exactly the document signed by Charlie Chair (Chair) on Mar 12, 2030.';
const notSignedAnswer =
  'This file is not a document the portal signed, or it has been changed since.';

beforeEach(() => {
  signingDb.signatures.set(7, signatureFixture());
});

const openPage = async () => {
  const view = renderApp('/verify', { as: null });
  await screen.findByRole('heading', { level: 1, name: 'Check a signed document' });
  return view.user;
};

describe('the public check of a signed document (/verify)', () => {
  it('opens without signing in, with a link to the signing certificate', async () => {
    await openPage();
    expect(
      screen.getByRole('link', { name: "Download the portal's signing certificate" }),
    ).toHaveAttribute('href', '/api/signing/certificate');
    expect(screen.getByRole('heading', { name: 'Checking without the portal' })).toBeVisible();
  });

  it('says a signed file is exactly the document signed, by whom and when', async () => {
    signingDb.fileIsSigned = true;
    const user = await openPage();
    await user.upload(screen.getByLabelText('Choose a PDF file'), pdf(SIGNED_FILE_TEXT));
    expect(screen.getByText('Chosen: minutes.pdf')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(signedAnswer)).toBeVisible();
    expect(screen.getByText('Signed by the portal')).toBeVisible();
  });

  it('says a changed file is not a document the portal signed', async () => {
    const parts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/verify'))
        void request
          .clone()
          .formData()
          .then((form) => parts.push(...form.keys()));
    });
    const user = await openPage();
    await user.upload(screen.getByLabelText('Choose a PDF file'), pdf('%PDF-1.7 changed'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(notSignedAnswer)).toBeVisible();
    expect(screen.getByText('Not signed by the portal')).toBeVisible();
    expect(parts).toEqual(['file']);
    server.events.removeAllListeners();
  });

  it('takes a dropped file', async () => {
    signingDb.fileIsSigned = true;
    const user = await openPage();
    fireEvent.drop(screen.getByText('Or drop the file here. No file chosen.'), {
      dataTransfer: { files: [pdf(SIGNED_FILE_TEXT, 'dropped.pdf')] },
    });
    expect(screen.getByText('Chosen: dropped.pdf')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(signedAnswer)).toBeVisible();
  });

  it('checks a code typed in any case, sent as JSON', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/verify'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
    });
    const user = await openPage();
    await user.type(screen.getByLabelText('Verification code'), 'abcde-fgh23');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText(
        'This code belongs to the document signed by Charlie Chair (Chair) on Mar 12, 2030.',
      ),
    ).toBeVisible();
    expect(bodies).toEqual([{ code: 'ABCDE-FGH23' }]);
    server.events.removeAllListeners();
  });

  it('says a code the portal did not print is not one', async () => {
    const user = await openPage();
    await user.type(screen.getByLabelText('Verification code'), 'ZZZZZ-ZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('This code is not one the portal printed on a signed document.'),
    ).toBeVisible();
    expect(screen.getByText('Not signed by the portal')).toBeVisible();
  });

  it('asks for the code as printed before sending a malformed one', async () => {
    const user = await openPage();
    await user.type(screen.getByLabelText('Verification code'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Type the code as printed on the signature page, like ABCDE-FGHIJ.'),
    ).toBeVisible();
  });

  it("shows the server's message when it refuses the check", async () => {
    server.use(
      http.post('/api/verify', () =>
        HttpResponse.json(
          { message: 'Too many attempts. Please wait a few minutes and try again.' },
          { status: 429 },
        ),
      ),
    );
    const user = await openPage();
    await user.type(screen.getByLabelText('Verification code'), 'ABCDE-FGH23');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeVisible();
    expect(screen.getByText('Not checked')).toBeVisible();
  });

  it('asks for a file or a code when given neither', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      screen.getByText('Choose a PDF file or type a verification code, then check.'),
    ).toBeVisible();
  });
});
