// Board evaluation (docs/spec.md §17): rounds, anonymous answers and results.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];
export type EvaluationRound = Schemas['EvaluationRoundBody'];
export type EvaluationDetail = Schemas['EvaluationDetailBody'];
export type EvaluationQuestion = Schemas['EvaluationQuestionBody'];
export type EvaluationResults = Schemas['EvaluationResultsBody'];
export type StatementResult = Schemas['StatementResultBody'];
export type CreateEvaluationInput = Schemas['CreateEvaluationRequest'];
export type EditEvaluationInput = Schemas['EditEvaluationRequest'];
export type AnswerInput = Schemas['AnswerInput'];

export const evaluationsPath = '/api/evaluation-rounds';

export const useEvaluations = () => useSWR<EvaluationRound[]>(evaluationsPath);
export const useEvaluation = (id: number | null) =>
  useSWR<EvaluationDetail>(id === null ? null : `${evaluationsPath}/${id}`);
export const useEvaluationResults = (id: number | null) =>
  useSWR<EvaluationResults>(id === null ? null : `${evaluationsPath}/${id}/results`);

export function useEvaluationActions() {
  const revalidate = useRevalidate();
  const after = async <T>(promise: Promise<T>, id?: number) => {
    const value = await promise;
    await revalidate(evaluationsPath);
    if (id !== undefined) await revalidate(`${evaluationsPath}/${id}`);
    return value;
  };
  return {
    create: (input: CreateEvaluationInput) =>
      after(api.post<EvaluationDetail>(evaluationsPath, input)),
    edit: (id: number, input: EditEvaluationInput) =>
      after(api.put<EvaluationDetail>(`${evaluationsPath}/${id}`, input), id),
    open: (id: number, closesOn: string) =>
      after(api.post<EvaluationDetail>(`${evaluationsPath}/${id}/open`, { closesOn }), id),
    close: (id: number) => after(api.post<EvaluationDetail>(`${evaluationsPath}/${id}/close`), id),
    answer: (id: number, answers: AnswerInput[]) =>
      after(api.post<void>(`${evaluationsPath}/${id}/answers`, { answers }), id),
    remind: (id: number) =>
      api.post<{ reminded: number; mailConfigured: boolean }>(`${evaluationsPath}/${id}/reminders`),
  };
}
