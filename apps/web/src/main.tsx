import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { authStore } from './features/auth/auth-store.ts';
import { restoreSession } from './features/auth/restore-session.ts';
import { queryClient } from './lib/query-client.ts';
import './lib/i18n.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The auth state was restored from localStorage synchronously; confirm it with the server.
void restoreSession(authStore);

const router = createAppRouter(queryClient);

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
