import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiError, type Bridge } from '../../shared/bridge';
import { BridgeProvider } from '../bridge/context';
import { ToastHost } from '../ui/toast';
import { FirstRunServerChoice } from './FirstRunServerChoice';
import { createAppRouter } from './router';
import { SessionBoot } from './SessionBoot';
import { AppThemeProvider } from './theme';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused call (4xx) stays refused; the transport already refreshed an expired token once.
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The providers every screen relies on, then the routes. */
export function App({ bridge }: { bridge: Bridge }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(bridge.kind));
  return (
    <BridgeProvider bridge={bridge}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <SessionBoot />
          <RouterProvider router={router} />
          <FirstRunServerChoice />
          <ToastHost />
        </AppThemeProvider>
      </QueryClientProvider>
    </BridgeProvider>
  );
}
