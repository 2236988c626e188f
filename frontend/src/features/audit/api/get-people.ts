import useSWR from 'swr';
import type { User } from '@/types/api';

/** The accounts to filter the audit log by (the users list; admins may read it). */
export const useAuditPeople = () => useSWR<User[]>('/api/users');
