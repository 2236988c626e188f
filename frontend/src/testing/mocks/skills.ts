// MSW handlers for the skills matrix (docs/api.md, Skills matrix) over their own in-memory store: the
// seeded list, each caller's own ratings, the matrix (no terms: a test that needs a succession warning
// answers the matrix itself) and the officers-only list changes, with the server's texts.
import { http, HttpResponse } from 'msw';
import { db } from '@/testing/mocks/db';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];
type Skill = Schemas['Skill'];
type SkillLevel = Schemas['SkillLevel'];

const seeded = [
  'Finance',
  'Legal',
  'Safeguarding',
  'Lived experience of recovery',
  'Fundraising',
  'People and HR',
  'Digital and data',
  'Governance',
  'Clinical or health',
  'Communications',
];

export const skillsDb: {
  skills: Skill[];
  ratings: { userId: number; skillId: number; level: SkillLevel }[];
} = { skills: [], ratings: [] };

export function resetSkills(): void {
  skillsDb.skills = seeded.map((name, i) => ({ id: i + 1, name, position: i + 1, retired: false }));
  skillsDb.ratings = [];
}
resetSkills();

const current = () =>
  skillsDb.skills.filter((s) => !s.retired).sort((a, b) => a.position - b.position);

const levelOf = (userId: number, skillId: number): SkillLevel =>
  skillsDb.ratings.find((r) => r.userId === userId && r.skillId === skillId)?.level ?? 'none';

/** The directory's chips: a person's strong current skills in the board's order. */
export const strongSkillsOf = (userId: number): string[] =>
  current()
    .filter((s) => levelOf(userId, s.id) === 'strong')
    .map((s) => s.name);

function me(request: Request) {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  const session = db.sessions.find((x) => x.token === token);
  return db.users.find((u) => u.id === session?.userId && u.active) ?? null;
}

const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });
const fieldError = (field: string, message: string) =>
  HttpResponse.json(
    { message: 'Validation failed', errors: { [field]: message } },
    { status: 400 },
  );
const officersOnly = 'Only admins and chairs can change the list of skills.';
const officer = (role: string) => role === 'admin' || role === 'chair';

const myRatings = (userId: number) =>
  current().map((s) => ({ skillId: s.id, name: s.name, level: levelOf(userId, s.id) }));

export const skillsHandlers = [
  http.get('/api/skills', ({ request }) => {
    if (!me(request)) return fail(401, 'Authentication required');
    const all = new URL(request.url).searchParams.get('includeRetired') === 'true';
    return HttpResponse.json(
      all ? [...current(), ...skillsDb.skills.filter((s) => s.retired)] : current(),
    );
  }),
  http.post('/api/skills', async ({ request }) => {
    const user = me(request);
    if (!user) return fail(401, 'Authentication required');
    if (!officer(user.role)) return fail(403, officersOnly);
    const { name } = (await request.json()) as { name?: string };
    const trimmed = (name ?? '').trim();
    if (!trimmed) return fieldError('name', 'Name is required');
    if (skillsDb.skills.some((s) => s.name.toLowerCase() === trimmed.toLowerCase()))
      return fieldError(
        'name',
        'A skill of that name already exists (restore it if it is retired)',
      );
    const skill = {
      id: Math.max(0, ...skillsDb.skills.map((s) => s.id)) + 1,
      name: trimmed,
      position: Math.max(0, ...skillsDb.skills.map((s) => s.position)) + 1,
      retired: false,
    };
    skillsDb.skills.push(skill);
    return HttpResponse.json(skill, { status: 201 });
  }),
  http.put('/api/skills/order', async ({ request }) => {
    const user = me(request);
    if (!user) return fail(401, 'Authentication required');
    if (!officer(user.role)) return fail(403, officersOnly);
    const { skillIds } = (await request.json()) as { skillIds: number[] };
    skillIds.forEach((id, i) => {
      const skill = skillsDb.skills.find((s) => s.id === id);
      if (skill) skill.position = i + 1;
    });
    return HttpResponse.json(current());
  }),
  http.patch('/api/skills/:id', async ({ request, params }) => {
    const user = me(request);
    if (!user) return fail(401, 'Authentication required');
    if (!officer(user.role)) return fail(403, officersOnly);
    const skill = skillsDb.skills.find((s) => s.id === Number(params.id));
    if (!skill) return fail(404, 'Skill not found');
    const body = (await request.json()) as { name?: string; retired?: boolean };
    if (body.name !== undefined) skill.name = body.name.trim();
    if (body.retired !== undefined) skill.retired = body.retired;
    return HttpResponse.json(skill);
  }),
  http.get('/api/me/skills', ({ request }) => {
    const user = me(request);
    if (!user) return fail(401, 'Authentication required');
    return HttpResponse.json(myRatings(user.id));
  }),
  http.put('/api/me/skills', async ({ request }) => {
    const user = me(request);
    if (!user) return fail(401, 'Authentication required');
    const { ratings } = (await request.json()) as {
      ratings: { skillId: number; level: SkillLevel }[];
    };
    for (const r of ratings) {
      skillsDb.ratings = skillsDb.ratings.filter(
        (x) => !(x.userId === user.id && x.skillId === r.skillId),
      );
      skillsDb.ratings.push({ userId: user.id, skillId: r.skillId, level: r.level });
    }
    return HttpResponse.json(myRatings(user.id));
  }),
  http.get('/api/skills/matrix', ({ request }) => {
    if (!me(request)) return fail(401, 'Authentication required');
    const trustees = db.users
      .filter((u) => u.active)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((u) => ({
        userId: u.id,
        name: u.name,
        role: u.role,
        currentTermEndsOn: null,
        leavingWithinAYear: false,
        levels: current().map((s) => levelOf(u.id, s.id)),
      }));
    const skills = current().map((s, i) => {
      const strongCount = trustees.filter((t) => t.levels[i] === 'strong').length;
      const someCount = trustees.filter((t) => t.levels[i] === 'some').length;
      const cover: Schemas['SkillCover'] =
        strongCount > 0 ? 'strong' : someCount > 0 ? 'some-only' : 'nobody';
      return { id: s.id, name: s.name, strongCount, someCount, cover, successionWarning: false };
    });
    return HttpResponse.json({ skills, trustees });
  }),
];
