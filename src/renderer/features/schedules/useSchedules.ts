import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { Holiday, ScheduleInput } from '../../../shared/api/scheduled-messages';
import { events } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';

export const schedulesKeys = {
  all: ['schedules'] as const,
  range: (from: string, to: string, searchParam: string) =>
    ['schedules', 'range', from, to, searchParam] as const,
  holidays: ['schedules', 'holidays'] as const,
};

/** GET /schedules with a range: the schedules with an occurrence in it, and those occurrences. */
export function useSchedulesRange(from: Date, to: Date, searchParam: string) {
  const bridge = useBridge();
  const range = [from.toISOString(), to.toISOString()] as const;
  return useQuery({
    queryKey: schedulesKeys.range(range[0], range[1], searchParam),
    queryFn: () =>
      bridge.request(api.schedules.list, { query: { from: range[0], to: range[1], searchParam } }),
    placeholderData: (previous) => previous,
  });
}

/**
 * 3-automation §7: a schedule's change reloads the ranges shown (an occurrence may move between ranges,
 * so the server places them again); reconnecting reloads them too.
 */
export function useSchedulesRealtime() {
  const { companyId } = useCurrentUser();
  const queryClient = useQueryClient();
  useRealtimeEvent(events.schedule(companyId), () => {
    queryClient.invalidateQueries({ queryKey: ['schedules', 'range'] });
  });
  useReloadAfterReconnect(schedulesKeys.all);
}

function useReloadRanges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['schedules', 'range'] });
}

export function useSaveSchedule() {
  const bridge = useBridge();
  const reload = useReloadRanges();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ScheduleInput }) =>
      id === null
        ? bridge.request(api.schedules.create, { body })
        : bridge.request(api.schedules.update, { params: { id }, body }),
    onSuccess: reload,
  });
}

export function useDeleteSchedule() {
  const bridge = useBridge();
  const reload = useReloadRanges();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.schedules.remove, { params: { id } }),
    onSuccess: reload,
  });
}

/** POST /schedules/:id/media-upload (file), or DELETE it when `file` is null. */
export function useSetScheduleMedia() {
  const bridge = useBridge();
  const reload = useReloadRanges();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? bridge.request(api.schedules.uploadMedia, {
            params: { id },
            body: {},
            files: [{ field: 'file', name: file.name, type: file.type, data: file }],
          })
        : bridge.request(api.schedules.removeMedia, { params: { id } }),
    onSuccess: reload,
  });
}

export function useHolidays(enabled = true) {
  const bridge = useBridge();
  return useQuery({
    queryKey: schedulesKeys.holidays,
    queryFn: () => bridge.request(api.holidays.list, {}),
    enabled,
  });
}

export function useHolidayActions() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const reload = () => {
    queryClient.invalidateQueries({ queryKey: schedulesKeys.holidays });
    // A holiday may move occurrences (the day rule).
    queryClient.invalidateQueries({ queryKey: ['schedules', 'range'] });
  };
  const add = useMutation({
    mutationFn: (body: Pick<Holiday, 'date' | 'name'>) => bridge.request(api.holidays.create, { body }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => bridge.request(api.holidays.remove, { params: { id } }),
    onSuccess: reload,
  });
  return { add, remove };
}
