import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { usePreferences } from './shared/store/preferences';
import './shared/theme/global.css';

// Before the first paint, so a light-theme visitor never sees a dark flash.
document.documentElement.dataset.theme = usePreferences.getState().theme;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
