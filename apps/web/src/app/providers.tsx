import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/setup';
import { ThemeProvider } from '../shared/theme/theme-provider';
import { MessageBridge } from '../shared/ui/message-bridge';

/** i18n, the query cache, antd theme and locale, and antd's App (message API). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AntdApp>
            <MessageBridge />
            {children}
          </AntdApp>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
