import useSWR from 'swr';
import type { User } from '@/types/api';

export const usersPath = '/api/users';

export const useUsers = (enabled: boolean) => useSWR<User[]>(enabled ? usersPath : null);
