import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import { EXTERNAL_MEDIA_FIELD, type externalSendTestBody } from '../../../shared/api/external-api';
import { useBridge } from '../../bridge/context';

/**
 * The server's origin as other programs reach it: the page's own in a browser, the team server's in the
 * desktop's Remote mode; unknown (null) for the desktop's embedded server.
 */
export function useApiOrigin(): string | null {
  const bridge = useBridge();
  const desktop = bridge.kind === 'desktop';
  const { data: mode = null } = useQuery({
    queryKey: ['app', 'serverMode'],
    queryFn: () => bridge.app.getServerMode(),
    enabled: desktop,
  });
  if (!desktop) return window.location.origin;
  return mode?.mode === 'remote' ? mode.url : null;
}

/** POST /messages-api/test: the page's send test, files as `medias`. */
export function useSendTest() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ body, files }: { body: z.input<typeof externalSendTestBody>; files: File[] }) =>
      bridge.request(api.externalApi.test, {
        body,
        files: files.map((file) => ({
          field: EXTERNAL_MEDIA_FIELD,
          name: file.name,
          type: file.type,
          data: file,
        })),
      }),
  });
}
