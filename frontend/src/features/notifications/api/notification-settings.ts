// The signed-in user's e-mail notification settings (spec §11).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { NotificationSettings } from '@/types/api';

export const notificationSettingsPath = '/api/notification-settings';

export const useNotificationSettings = () => useSWR<NotificationSettings>(notificationSettingsPath);

export const saveNotificationSettings = (settings: NotificationSettings) =>
  api.put<NotificationSettings>(notificationSettingsPath, settings);
