import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { helpBody } from '../../../shared/api/helps';
import { helpsKeys } from '../../app/shell/useVisibleMenu';
import { useBridge } from '../../bridge/context';

type HelpValues = z.input<typeof helpBody>;

/** Saves a new entry (id null) or a change; the list (and with it the menu entry) is read again. */
export function useSaveHelp() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: HelpValues }) =>
      id === null
        ? bridge.request(api.helps.create, { body })
        : bridge.request(api.helps.update, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: helpsKeys.all }),
  });
}

export function useDeleteHelp() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.helps.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: helpsKeys.all }),
  });
}
