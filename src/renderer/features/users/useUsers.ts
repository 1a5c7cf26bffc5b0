import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { createUserBody, User, updateUserBody } from '../../../shared/api/users';
import { events, type UserEvent } from '../../../shared/realtime';
import { useRealtimeEvent } from '../../app/realtime';
import { useCurrentUser, useSession } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { applyUserEvent, type UsersList } from './users-cache';

export const usersKeys = {
  lists: ['users', 'list'] as const,
  list: (searchParam: string) => ['users', 'list', searchParam] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  avatar: (id: number, profileImage: string) => ['users', 'avatar', id, profileImage] as const,
};

/** GET /users, page after page (pages start at 1) while the server says hasMore. */
export function useUsersList(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: usersKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.users.list, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

export function useUser(id: number | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: () => bridge.request(api.users.show, { params: { id: id! } }),
    enabled: id !== null,
  });
}

/** Puts a user change into every cached list and the detail, the same way for our writes and for events. */
function useApplyUserEvent() {
  const queryClient = useQueryClient();
  const currentUserId = useCurrentUser().id;
  const updateSessionUser = useSession((state) => state.updateUser);
  return (event: UserEvent) => {
    // The shell shows the signed-in user (name, theme, menu): keep it in step with their own record.
    if (event.action !== 'delete' && event.user.id === currentUserId) updateSessionUser(event.user);
    for (const [key, list] of queryClient.getQueriesData<UsersList>({ queryKey: usersKeys.lists })) {
      if (!list) continue;
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      queryClient.setQueryData<UsersList>(key, applyUserEvent(list, event, searchParam));
    }
    if (event.action === 'delete') queryClient.removeQueries({ queryKey: usersKeys.detail(event.userId) });
    else queryClient.setQueryData(usersKeys.detail(event.user.id), event.user);
  };
}

/** 1-attendance §7: the one subscription to `company-{id}-user`, keeping the cached users current. */
export function useUsersRealtime() {
  const { companyId } = useCurrentUser();
  const apply = useApplyUserEvent();
  useRealtimeEvent(events.user(companyId), apply);
}

export function useCreateUser() {
  const bridge = useBridge();
  const apply = useApplyUserEvent();
  return useMutation({
    mutationFn: (body: z.input<typeof createUserBody>) => bridge.request(api.users.create, { body }),
    onSuccess: (user) => apply({ action: 'create', user }),
  });
}

export function useUpdateUser() {
  const bridge = useBridge();
  const apply = useApplyUserEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof updateUserBody> }) =>
      bridge.request(api.users.update, { params: { id }, body }),
    onSuccess: (user) => apply({ action: 'update', user }),
  });
}

export function useDeleteUser() {
  const bridge = useBridge();
  const apply = useApplyUserEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.users.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', userId: id }),
  });
}

/** POST /users/:id/media-upload with the image as `profileImage` (1-attendance §7). */
export function useUploadAvatar() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const currentUserId = useCurrentUser().id;
  const updateSessionUser = useSession((state) => state.updateUser);
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      bridge.request(api.users.uploadMedia, {
        params: { id },
        body: { typeArch: 'user', userId: String(id) },
        files: [{ field: 'profileImage', name: file.name, type: file.type, data: file }],
      }),
    onSuccess: ({ user }) => {
      if (user.id === currentUserId) updateSessionUser({ profileImage: user.profileImage });
      return queryClient.invalidateQueries({ queryKey: usersKeys.detail(user.id) });
    },
  });
}

/** The stored profile image as an object URL, or null (no image): callers then show initials. */
export function useUserAvatar(user: Pick<User, 'id' | 'profileImage'> | undefined) {
  const bridge = useBridge();
  const profileImage = user?.profileImage ?? null;
  const { data } = useQuery({
    queryKey: usersKeys.avatar(user?.id ?? 0, profileImage ?? ''),
    queryFn: () => bridge.download(api.users.avatar, { params: { id: user!.id } }),
    enabled: user !== undefined && profileImage !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return useObjectUrl(data ?? null);
}
