import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { Bridge } from '../../../shared/bridge';
import { useBridge } from '../../bridge/context';
import { saveFile } from '../../ui/save-file';
import { useObjectUrl } from '../../ui/useObjectUrl';
import type { ChatMessage } from './messages-cache';
import { messagesKeys } from './useMessages';

/** GET /messages/media/:id as a Blob (1-attendance §7: media is fetched as a blob, with the user's token). */
const mediaQuery = (bridge: Bridge, messageId: number) => ({
  queryKey: messagesKeys.media(messageId),
  queryFn: () => bridge.download(api.messages.media, { params: { messageId } }),
  staleTime: Number.POSITIVE_INFINITY,
});

function useMediaBlob(message: ChatMessage, enabled: boolean) {
  return useQuery({
    ...mediaQuery(useBridge(), message.id),
    enabled: enabled && message.id > 0 && message.mediaUrl !== null,
    retry: false,
  });
}

/**
 * A URL the page can show for a message's media: the file we are still sending, or the stored one.
 * `failed` when the server could not hand it over.
 */
export function useMediaUrl(message: ChatMessage, enabled = true) {
  const local = message.local?.outgoing.file?.data ?? null;
  const remote = useMediaBlob(message, enabled && local === null);
  const url = useObjectUrl(local ?? remote.data ?? null);
  return { url, loading: remote.isLoading, failed: remote.isError };
}

/** Saves a message's file under its name, fetching it when first asked for. */
export function useDownloadMedia() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return async (message: ChatMessage, fileName: string) => {
    saveFile(await queryClient.fetchQuery(mediaQuery(bridge, message.id)), fileName);
  };
}
