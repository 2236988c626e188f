// The caller's single sign-on links (docs/spec.md §13 Single sign-on), and whether single sign-on is set up.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { MessageResponse, SsoInfo, SsoLink } from '@/types/api';

export const signInLinksPath = '/api/auth/sso/links';

export const useSignInLinks = () => useSWR<SsoLink[]>(signInLinksPath);

export const useSsoInfo = () => useSWR<SsoInfo>('/api/auth/sso');

export const removeSignInLink = (id: number) =>
  api.delete<MessageResponse>(`${signInLinksPath}/${id}`);
