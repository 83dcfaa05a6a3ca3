import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@overtone/contract';
import { antdLocaleOf } from '../core/antdLocale';
import { ApiBridge } from '../core/api/ApiBridge';
import { createQueryClient } from '../core/queryClient';
import { appTheme } from './theme';

/**
 * Notifications open at the bottom right: at the top right they would cover the page header's
 * controls (user menu, compare basket, tools) for as long as they stay.
 */
const NOTIFICATION_CONFIG = { placement: 'bottomRight' } as const;

/**
 * Query cache, Ant Design configuration in the interface language, and the toast bridge of the API client.
 * @param queryClient the cache to use (the app's, app/appQueryClient.ts); a new one when not given
 */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const { i18n } = useTranslation();
  const locale = antdLocaleOf(i18n.language as Language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={appTheme}>
        <AntApp notification={NOTIFICATION_CONFIG}>
          <ApiBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
