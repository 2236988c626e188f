// The portal's security settings (admins only).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { SecuritySettings } from '@/types/api';

export const securitySettingsPath = '/api/security/settings';

export const useSecuritySettings = (enabled: boolean) =>
  useSWR<SecuritySettings>(enabled ? securitySettingsPath : null);

export const saveSecuritySettings = (settings: SecuritySettings) =>
  api.put<SecuritySettings>(securitySettingsPath, settings);
