import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { TRUSTEE_ID } from '@/testing/mocks/db';
import { skillsDb } from '@/testing/mocks/skills';
import { expectToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import type { SkillMatrix } from '@/features/governance/skills/api';

describe('skills tab', () => {
  it('lets a trustee rate themselves and shows the matrix, without the list editor', async () => {
    const { user } = renderApp('/governance?tab=skills', { as: 'trustee' });
    const finance = await screen.findByRole('group', { name: 'Finance' });
    await user.click(within(finance).getByRole('radio', { name: 'Strong' }));
    const legal = screen.getByRole('group', { name: 'Legal' });
    await user.click(within(legal).getByRole('radio', { name: 'Some' }));
    await user.click(screen.getByRole('button', { name: 'Save my skills' }));
    await expectToast('Your skills are saved');
    expect(skillsDb.ratings).toEqual(
      expect.arrayContaining([
        { userId: TRUSTEE_ID, skillId: 1, level: 'strong' },
        { userId: TRUSTEE_ID, skillId: 2, level: 'some' },
      ]),
    );
    const matrix = screen.getByRole('table', { name: 'Skills matrix' });
    const row = await within(matrix).findByRole('row', { name: /Tina Trustee/ });
    await waitFor(() => expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('Strong'));
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Some');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add skill' })).not.toBeInTheDocument();
  });

  it('says gaps and succession warnings in words', async () => {
    const matrix: SkillMatrix = {
      skills: [
        {
          id: 1,
          name: 'Finance',
          strongCount: 1,
          someCount: 0,
          cover: 'strong',
          successionWarning: true,
        },
        {
          id: 2,
          name: 'Legal',
          strongCount: 0,
          someCount: 1,
          cover: 'some-only',
          successionWarning: false,
        },
        {
          id: 3,
          name: 'Safeguarding',
          strongCount: 0,
          someCount: 0,
          cover: 'nobody',
          successionWarning: false,
        },
      ],
      trustees: [
        {
          userId: TRUSTEE_ID,
          name: 'Tina Trustee',
          role: 'trustee',
          currentTermEndsOn: '2027-05-01',
          leavingWithinAYear: true,
          levels: ['strong', 'some', 'none'],
        },
      ],
    };
    server.use(http.get('/api/skills/matrix', () => HttpResponse.json(matrix)));
    renderApp('/governance?tab=skills', { as: 'trustee' });
    expect(
      await screen.findByText('Finance rests only on trustees whose terms end within 12 months.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Gaps (nobody strong): Legal, Safeguarding.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Skills matrix' });
    expect(within(table).getByText('Term ends May 1, 2027 (within a year)')).toBeInTheDocument();
    const cover = within(table).getByRole('row', { name: /^Cover/ });
    expect(cover).toHaveTextContent('1 strong');
    expect(cover).toHaveTextContent('Warning: all strong holders leave within 12 months');
    expect(cover).toHaveTextContent('Gap: some only (1)');
    expect(cover).toHaveTextContent('Gap: nobody');
  });

  it('lets an officer add, reorder, retire and restore skills', async () => {
    const { user } = renderApp('/governance?tab=skills', { as: 'chair' });
    const list = await screen.findByRole('list', { name: 'Current skills' });
    await user.type(screen.getByLabelText('New skill'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(
      await screen.findByText('A skill of that name already exists (restore it if it is retired)'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New skill'));
    await user.type(screen.getByLabelText('New skill'), 'Property');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    await expectToast('Skill added');
    await within(list).findByText('Property');
    await user.click(within(list).getByRole('button', { name: 'Move Legal up' }));
    await expectToast('Order saved');
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Legal'),
    );
    await user.click(within(list).getByRole('button', { name: 'Retire Legal' }));
    await expectToast('Skill retired');
    const retired = await screen.findByRole('list', { name: 'Retired skills' });
    await user.click(within(retired).getByRole('button', { name: 'Restore Legal' }));
    await expectToast('Skill restored');
    await waitFor(() => expect(within(list).getByText('Legal')).toBeInTheDocument());
  });

  it('shows a trustee’s strong skills on their directory card', async () => {
    skillsDb.ratings = [
      { userId: TRUSTEE_ID, skillId: 8, level: 'strong' },
      { userId: TRUSTEE_ID, skillId: 1, level: 'strong' },
      { userId: TRUSTEE_ID, skillId: 2, level: 'some' },
    ];
    renderApp('/trustees', { as: 'trustee' });
    const card = await screen.findByRole('article', { name: 'Tina Trustee' });
    const chips = within(card).getByRole('list', { name: "Tina Trustee's strong skills" });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Finance', 'Governance']);
  });
});
