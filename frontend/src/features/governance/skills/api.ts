// The skills matrix (docs/spec.md §18): the board's list, one's own ratings, the matrix and its CSV.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];
export type Skill = Schemas['Skill'];
export type SkillLevel = Schemas['SkillLevel'];
export type SkillCover = Schemas['SkillCover'];
export type MyRating = Schemas['MyRating'];
export type SkillMatrix = Schemas['SkillMatrix'];
export type SkillColumn = Schemas['SkillColumn'];
export type SkillMatrixRow = Schemas['SkillMatrixRow'];

export const skillsPath = '/api/skills';
export const allSkillsPath = '/api/skills?includeRetired=true';
export const mySkillsPath = '/api/me/skills';
export const matrixPath = '/api/skills/matrix';
export const matrixCsvPath = '/api/skills/matrix.csv';

export const levelLabels: Record<SkillLevel, string> = {
  none: 'None',
  some: 'Some',
  strong: 'Strong',
};

export const useAllSkills = (enabled: boolean) => useSWR<Skill[]>(enabled ? allSkillsPath : null);
export const useMySkills = () => useSWR<MyRating[]>(mySkillsPath);
export const useSkillMatrix = () => useSWR<SkillMatrix>(matrixPath);

/** After any change the list, the form and the matrix (and the directory's chips) are read again. */
function useRevalidateSkills() {
  const revalidate = useRevalidate();
  return () => revalidate(skillsPath, mySkillsPath, matrixPath, '/api/trustees/active');
}

export function useSaveMySkills() {
  const revalidate = useRevalidateSkills();
  return async (ratings: { skillId: number; level: SkillLevel }[]) => {
    const saved = await api.put<MyRating[]>(mySkillsPath, { ratings });
    await revalidate();
    return saved;
  };
}

export function useEditSkills() {
  const revalidate = useRevalidateSkills();
  const after = async <T>(call: Promise<T>) => {
    const result = await call;
    await revalidate();
    return result;
  };
  return {
    add: (name: string) => after(api.post<Skill>(skillsPath, { name })),
    rename: (id: number, name: string) => after(api.patch<Skill>(`${skillsPath}/${id}`, { name })),
    setRetired: (id: number, retired: boolean) =>
      after(api.patch<Skill>(`${skillsPath}/${id}`, { retired })),
    reorder: (skillIds: number[]) => after(api.put<Skill[]>(`${skillsPath}/order`, { skillIds })),
  };
}
