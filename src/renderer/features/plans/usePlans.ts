import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { planBody } from '../../../shared/api/plans';
import { useBridge } from '../../bridge/context';

export const plansKeys = { all: ['plans', 'all'] as const };

/** GET /plans/all: every plan, public or not (the super administrator's). */
export function useAllPlans() {
  const bridge = useBridge();
  return useQuery({ queryKey: plansKeys.all, queryFn: () => bridge.request(api.plans.all, {}) });
}

type PlanValues = z.input<typeof planBody>;

/** Saves a new plan (id null) or a change; the list is read again afterwards. */
export function useSavePlan() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanValues }) =>
      id === null
        ? bridge.request(api.plans.create, { body })
        : bridge.request(api.plans.update, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }),
  });
}

export function useDeletePlan() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.plans.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }),
  });
}
