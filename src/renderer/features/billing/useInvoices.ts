import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { SubscriptionInput } from '../../../shared/api/invoices';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';

export const invoicesKeys = {
  all: ['invoices'] as const,
  list: (searchParam: string) => ['invoices', 'list', searchParam] as const,
  plans: ['invoices', 'plans'] as const,
  charge: (txid: string) => ['invoices', 'charge', txid] as const,
};

/** GET /invoices, page after page while the server says hasMore. */
export function useInvoicesList(searchParam: string, enabled = true) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: invoicesKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.invoices.list, { query: { searchParam, pageNumber: pageParam } }),
    enabled,
    ...pagedByNumber,
  });
}

/** The plans a company may pick at checkout: the public ones. */
export function useCheckoutPlans() {
  const bridge = useBridge();
  return useQuery({
    queryKey: invoicesKeys.plans,
    queryFn: () => bridge.request(api.plans.listPublic, { query: { listPublic: 'true' } }),
  });
}

/** POST /subscription: the Pix charge of an invoice. */
export function useSubscribe() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (body: SubscriptionInput) => bridge.request(api.invoices.subscribe, { body }),
  });
}

/** How often the Pix view asks whether the charge is paid (an overdue company hears no socket). */
const CHARGE_POLL_MS = 3000;

/** GET /subscription/:txid until it answers CONCLUIDA. */
export function useChargeStatus(txid: string | undefined) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: invoicesKeys.charge(txid ?? ''),
    queryFn: async () => {
      const state = await bridge.request(api.invoices.charge, { params: { txid: txid! } });
      if (state.status === 'CONCLUIDA') void queryClient.invalidateQueries({ queryKey: invoicesKeys.all });
      return state;
    },
    enabled: txid !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'CONCLUIDA' ? false : CHARGE_POLL_MS),
  });
}
