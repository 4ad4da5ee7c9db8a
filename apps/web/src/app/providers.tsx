import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from '../shared/api/query-client';
import { ThemeProvider } from '../shared/theme/theme-provider';
import { MessageBridge } from '../shared/ui/message-bridge';

/** The page's text style from the antd theme (what antd's <App> wrapper gave). */
function TextRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { colorText: color, fontSize, lineHeight, fontFamily } = token;
  return <div style={{ color, fontSize, lineHeight, fontFamily }}>{children}</div>;
}

/** The query cache, antd theme and locale, and the message API. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TextRoot>
          <MessageBridge />
          {children}
        </TextRoot>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
