// MSW handlers for board evaluation (docs/api.md, Board evaluation; docs/spec.md §17) over their own
// in-memory store. The mock keeps what a screen can see: drafts for officers only, one answer per person
// (409), results refused below 3 answers (403), the chair appraised neither answering nor reading.
import { http, HttpResponse } from 'msw';
import { db } from '@/testing/mocks/db';
import type {
  EvaluationDetail,
  EvaluationQuestion,
  EvaluationResults,
} from '@/features/governance/evaluation/api';

type Stored = Omit<EvaluationDetail, 'answeredByMe' | 'asked' | 'canReadResults' | 'answered'> & {
  respondents: number[];
  scores: Record<number, (number | null)[]>;
  texts: Record<number, string[]>;
};

export const evaluationDb: { rounds: Stored[]; nextId: number } = { rounds: [], nextId: 1 };

export function resetEvaluations(): void {
  evaluationDb.rounds = [];
  evaluationDb.nextId = 1;
}

export const NOT_ENOUGH_ANSWERS =
  "Results are shown once at least 3 trustees have answered, so that no one's answers can be picked out.";
export const STILL_OPEN =
  "Results are shown once the evaluation has closed, so that no one's answers can be read off a change in them as answers come in.";

const templateQuestions = (): EvaluationQuestion[] => [
  {
    id: 101,
    principle: 'Organisational purpose',
    kind: 'scale',
    text: 'The board is clear about the purposes.',
  },
  { id: 102, principle: 'Leadership', kind: 'scale', text: 'The chair leads the board well.' },
  { id: 103, principle: 'General', kind: 'text', text: 'What does the board do well?' },
];

const caller = (request: Request) => {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  const session = db.sessions.find((s) => s.token === token);
  return session ? (db.users.find((u) => u.id === session.userId) ?? null) : null;
};

const officer = (role: string) => role === 'admin' || role === 'chair';

function view(round: Stored, userId: number, role: string): EvaluationDetail {
  const { respondents, scores, texts, ...rest } = round;
  void scores;
  void texts;
  const asked = round.appraised?.userId !== userId;
  return {
    ...rest,
    answered: respondents.length,
    answeredByMe: respondents.includes(userId),
    asked,
    canReadResults:
      round.kind === 'board'
        ? officer(role)
        : asked && (round.resultsReader?.userId === userId || role === 'admin'),
  };
}

const fail = (status: number, message: string) => HttpResponse.json({ message }, { status });

function find(params: Record<string, unknown>) {
  return evaluationDb.rounds.find((r) => r.id === Number(params.id));
}

export const evaluationHandlers = [
  http.get('/api/evaluation-rounds', ({ request }) => {
    const me = caller(request);
    if (!me) return fail(401, 'Not signed in');
    return HttpResponse.json(
      evaluationDb.rounds
        .filter((r) => officer(me.role) || r.status !== 'draft')
        .map((r) => {
          const { questions, ...round } = view(r, me.id, me.role);
          void questions;
          return round;
        }),
    );
  }),
  http.post('/api/evaluation-rounds', async ({ request }) => {
    const me = caller(request);
    if (!me || !officer(me.role))
      return fail(403, 'Only admins and chairs can run board evaluations.');
    const body = (await request.json()) as { title?: string; kind?: 'board' | 'chair' };
    const round: Stored = {
      id: evaluationDb.nextId++,
      title: body.title ?? '',
      kind: body.kind ?? 'board',
      status: 'draft',
      appraised: null,
      resultsReader: null,
      closesOn: null,
      createdAt: new Date().toISOString(),
      questions: templateQuestions(),
      respondents: [],
      scores: {},
      texts: {},
    };
    evaluationDb.rounds.unshift(round);
    return HttpResponse.json(view(round, me.id, me.role), { status: 201 });
  }),
  http.get('/api/evaluation-rounds/:id', ({ request, params }) => {
    const me = caller(request);
    const round = find(params);
    if (!me || !round) return fail(404, 'Evaluation not found');
    return HttpResponse.json(view(round, me.id, me.role));
  }),
  http.post('/api/evaluation-rounds/:id/open', async ({ request, params }) => {
    const me = caller(request);
    const round = find(params);
    if (!me || !round) return fail(404, 'Evaluation not found');
    const body = (await request.json()) as { closesOn: string };
    round.status = 'open';
    round.closesOn = body.closesOn;
    return HttpResponse.json(view(round, me.id, me.role));
  }),
  http.post('/api/evaluation-rounds/:id/answers', async ({ request, params }) => {
    const me = caller(request);
    const round = find(params);
    if (!me || !round) return fail(404, 'Evaluation not found');
    if (round.respondents.includes(me.id))
      return fail(409, 'You have already answered this evaluation.');
    const body = (await request.json()) as {
      answers: { questionId: number; score?: number; dontKnow?: boolean; text?: string }[];
    };
    round.respondents.push(me.id);
    for (const a of body.answers) {
      if (a.text !== undefined) {
        if (a.text) (round.texts[a.questionId] ??= []).push(a.text);
      } else (round.scores[a.questionId] ??= []).push(a.dontKnow ? null : (a.score ?? null));
    }
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('/api/evaluation-rounds/:id/results', ({ request, params }) => {
    const me = caller(request);
    const round = find(params);
    if (!me || !round) return fail(404, 'Evaluation not found');
    if (round.respondents.length < 3) return fail(403, NOT_ENOUGH_ANSWERS);
    if (round.status !== 'closed') return fail(403, STILL_OPEN);
    const results: EvaluationResults = {
      round: (({ questions, ...r }) => {
        void questions;
        return r;
      })(view(round, me.id, me.role)),
      previousTitle: null,
      statements: round.questions
        .filter((q) => q.kind === 'scale')
        .map((q) => {
          const given = round.scores[q.id] ?? [];
          const counts = [1, 2, 3, 4, 5].map((s) => given.filter((g) => g === s).length);
          const sorted = given.filter((g): g is number => g !== null).sort();
          const mid = Math.floor(sorted.length / 2);
          const median =
            sorted.length === 0
              ? null
              : sorted.length % 2
                ? sorted[mid]
                : (sorted[mid - 1] + sorted[mid]) / 2;
          return {
            questionId: q.id,
            principle: q.principle,
            text: q.text,
            counts,
            dontKnow: given.filter((g) => g === null).length,
            median,
            previousMedian: null,
          };
        }),
      texts: round.questions
        .filter((q) => q.kind === 'text')
        .map((q) => ({
          questionId: q.id,
          principle: q.principle,
          text: q.text,
          answers: round.texts[q.id] ?? [],
        })),
    };
    return HttpResponse.json(results);
  }),
];
