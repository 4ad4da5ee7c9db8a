import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { i18nReady } from './shared/i18n/setup';
import { usePreferences } from './shared/store/preferences';
import './shared/theme/global.css';
import './shared/ui/light.css';

// Before the first paint, so a light-theme visitor never sees a dark flash.
document.documentElement.dataset.theme = usePreferences.getState().theme;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The stored language's texts first (a chunk of its own unless English): no flash of English.
// The page's chunk and first reads are already loading meanwhile (app/router.tsx).
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
