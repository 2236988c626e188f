import useSWR from 'swr';
import type { DashboardStats } from '@/types/api';

export const dashboardStatsKey = '/api/dashboard/stats';

export const useDashboardStats = () => useSWR<DashboardStats>(dashboardStatsKey);
