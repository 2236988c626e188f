import { ADMIN_ID, CHAIR_ID, OTHER_TRUSTEE_ID } from '@/testing/mocks/db';
import { evaluationDb, resetEvaluations } from '@/testing/mocks/evaluations';
import { expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const openRound = (respondents: number[], status: 'open' | 'closed' = 'open') => {
  evaluationDb.rounds.push({
    id: 7,
    title: 'Board evaluation 2026',
    kind: 'board',
    status,
    appraised: null,
    resultsReader: null,
    closesOn: '2026-12-31',
    createdAt: '2026-11-01T00:00:00Z',
    questions: [
      { id: 101, principle: 'Organisational purpose', kind: 'scale', text: 'Purposes are clear.' },
      { id: 102, principle: 'Leadership', kind: 'scale', text: 'The chair leads well.' },
      { id: 103, principle: 'General', kind: 'text', text: 'What does the board do well?' },
    ],
    respondents,
    scores: { 101: respondents.map(() => 4), 102: respondents.map(() => null) },
    texts: { 103: respondents.map((id) => `View ${id}`) },
  });
};

describe('evaluation tab', () => {
  beforeEach(resetEvaluations);

  it('lets the chair create a draft from the template and open it', async () => {
    const { user } = renderApp('/governance?tab=evaluation', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'New evaluation' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Board evaluation 2026');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    await expectToast('Draft evaluation created');
    const card = await screen.findByRole('region', { name: 'Board evaluation 2026' });
    expect(within(card).getByText('Draft')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText(/Closes on/), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await expectToast('Evaluation opened');
    await waitFor(() => expect(evaluationDb.rounds[0].status).toBe('open'));
  });

  it('lets a trustee answer one principle at a time, anonymously', async () => {
    openRound([]);
    const { user } = renderApp('/governance?tab=evaluation', { as: 'trustee' });
    await user.click(await screen.findByRole('button', { name: 'Answer the evaluation' }));
    expect(await screen.findByText(/Organisational purpose \(1 of 3\)/)).toBeInTheDocument();
    expect(screen.getByText(/stored without your name/)).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.click(next);
    await user.click(await screen.findByRole('radio', { name: "Don't know" }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(
      screen.getByRole('textbox', { name: 'What does the board do well?' }),
      'Listening',
    );
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await expectToast('Thank you: your answers are in');
    expect(evaluationDb.rounds[0].scores).toEqual({ 101: [4], 102: [null] });
    expect(evaluationDb.rounds[0].texts).toEqual({ 103: ['Listening'] });
    expect(await screen.findByText(/your anonymous answers are in/)).toBeInTheDocument();
  });

  it('shows the chair no results below three answers', async () => {
    openRound([ADMIN_ID, OTHER_TRUSTEE_ID], 'closed');
    renderApp('/governance?tab=evaluation', { as: 'chair' });
    expect(
      await screen.findByText('Results are shown once at least 3 trustees have answered.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Results' })).toBeDisabled();
  });

  it('shows the chair no results while the round is open, however many answered', async () => {
    openRound([ADMIN_ID, OTHER_TRUSTEE_ID, CHAIR_ID]);
    renderApp('/governance?tab=evaluation', { as: 'chair' });
    expect(
      await screen.findByText('Results are shown once the evaluation has closed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Results' })).toBeDisabled();
  });

  it('shows the chair the results as bars once three have answered and it closed', async () => {
    openRound([ADMIN_ID, OTHER_TRUSTEE_ID, CHAIR_ID], 'closed');
    const { user } = renderApp('/governance?tab=evaluation', { as: 'chair' });
    await user.click(await screen.findByRole('button', { name: 'Results' }));
    const dialog = await screen.findByRole('dialog', { name: /Results/ });
    expect(await within(dialog).findByText('3 answers')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', {
        name: "Purposes are clear.: 1: 0, 2: 0, 3: 0, 4: 3, 5: 0, Don't know: 0",
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Median 4\.0/)).toBeInTheDocument();
    expect(within(dialog).getByText(`View ${CHAIR_ID}`)).toBeInTheDocument();
  });
});
