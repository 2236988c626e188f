// The signed-in user's sessions: one per sign-in, each can be signed out.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { AuthSession, MessageResponse, SignedOutOthers } from '@/types/api';

export const sessionsPath = '/api/auth/sessions';

export const useSessions = () => useSWR<AuthSession[]>(sessionsPath);

export const signOutSession = (id: number) => api.delete<MessageResponse>(`${sessionsPath}/${id}`);

export const signOutOtherSessions = () =>
  api.post<SignedOutOthers>(`${sessionsPath}/sign-out-others`);
