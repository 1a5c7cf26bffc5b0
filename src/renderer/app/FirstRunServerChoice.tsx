import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useBridge } from '../bridge/context';

// Desktop only, and once: not part of the browser's first paint.
const ServerModeDialog = lazy(() =>
  import('./ServerModeDialog').then((module) => ({ default: module.ServerModeDialog })),
);

/** The desktop's first run asks where the server is; afterwards the choice lives in the account menu. */
export function FirstRunServerChoice() {
  const bridge = useBridge();
  const [dismissed, setDismissed] = useState(false);
  const { data } = useQuery({
    queryKey: ['app', 'serverMode'],
    queryFn: () => bridge.app.getServerMode(),
    enabled: bridge.kind === 'desktop',
  });
  if (bridge.kind !== 'desktop' || data !== null || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <ServerModeDialog open current={null} onClose={() => setDismissed(true)} />
    </Suspense>
  );
}
