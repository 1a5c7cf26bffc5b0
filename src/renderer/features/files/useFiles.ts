import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { FileList, fileListBody } from '../../../shared/api/files';
import { events, type FileListEvent } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import { applyFileListEvent, type FilesList } from './files-cache';

export const filesKeys = {
  all: ['files'] as const,
  lists: ['files', 'list'] as const,
  list: (searchParam: string) => ['files', 'list', searchParam] as const,
  one: (id: number) => ['files', 'one', id] as const,
};

type FileListBody = z.input<typeof fileListBody>;

/** GET /files, page after page (pages start at 1) while the server says hasMore. */
export function useFileLists(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: filesKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.files.list, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** GET /files/{id}: one list, read fresh when its dialog opens (disabled for a new one). */
export function useFileList(id: number | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: filesKeys.one(id ?? 0),
    queryFn: () => bridge.request(api.files.show, { params: { id: id! } }),
    enabled: id !== null,
    gcTime: 0,
  });
}

/** Puts a file-list change into every cached list, the same way for our writes and for events. */
function useApplyFileListEvent() {
  const queryClient = useQueryClient();
  return (event: FileListEvent) => {
    for (const [key, pages] of queryClient.getQueriesData<FilesList>({ queryKey: filesKeys.lists })) {
      if (!pages) continue;
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      queryClient.setQueryData<FilesList>(key, applyFileListEvent(pages, event, searchParam));
    }
  };
}

/** 3-automation §7: the subscription to `company-{id}-file`, keeping the cached lists current. */
export function useFilesRealtime() {
  const { companyId } = useCurrentUser();
  const apply = useApplyFileListEvent();
  useRealtimeEvent(events.file(companyId), apply);
  useReloadAfterReconnect(filesKeys.all);
}

export function useSaveFileList() {
  const bridge = useBridge();
  const apply = useApplyFileListEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FileListBody }) =>
      id === null
        ? bridge.request(api.files.create, { body })
        : bridge.request(api.files.update, { params: { id }, body }),
    onSuccess: (files, { id }) => apply({ action: id === null ? 'create' : 'update', files }),
  });
}

/** POST /files/uploadList/{fileId}: one option's file (typeArch fileList, its id, name and type). */
export function useUploadFileListFile() {
  const bridge = useBridge();
  const apply = useApplyFileListEvent();
  return useMutation({
    mutationFn: ({ list, optionId, file }: { list: FileList; optionId: number; file: File }) =>
      bridge.request(api.files.upload, {
        params: { fileId: list.id },
        body: {
          fileId: String(list.id),
          typeArch: 'fileList',
          id: String(optionId),
          name: file.name,
          mediaType: file.type,
        },
        files: [{ field: 'files', name: file.name, type: file.type, data: file }],
      }),
    onSuccess: (files) => apply({ action: 'update', files }),
  });
}

export function useDeleteFileList() {
  const bridge = useBridge();
  const apply = useApplyFileListEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.files.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', fileId: id }),
  });
}

/** The file lists whose name holds `searchParam` (first page), for the queue dialog's pickers. */
export function useFileListOptions(searchParam: string) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['files', 'options', searchParam],
    queryFn: () => bridge.request(api.files.list, { query: { searchParam, pageNumber: 1 } }),
    staleTime: 30_000,
  });
}

/** One list by id for a picker's label (cached a while: the name rarely changes under a dialog). */
export function useFileListRef(id: number | null) {
  const bridge = useBridge();
  const query = useQuery({
    queryKey: ['files', 'ref', id ?? 0],
    queryFn: () => bridge.request(api.files.show, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 60_000,
  });
  return id === null ? undefined : query.data;
}
