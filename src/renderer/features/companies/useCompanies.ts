import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { companyBody } from '../../../shared/api/companies';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';

export const companiesKeys = {
  lists: ['companies', 'list'] as const,
  list: (searchParam: string) => ['companies', 'list', searchParam] as const,
};

/** GET /companies by name or e-mail, page after page while the server says hasMore (the super administrator's). */
export function useCompanies(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: companiesKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.companies.page, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** A company write, then the list is read again (its figures come from the server). */
function useCompanyWrite<A, R>(write: (bridge: ReturnType<typeof useBridge>, args: A) => Promise<R>) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(bridge, args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.lists }),
  });
}

type CompanyValues = z.input<typeof companyBody>;

/** Saves a new company (id null, with its first admin) or a change. */
export const useSaveCompany = () =>
  useCompanyWrite((bridge, { id, body }: { id: number | null; body: CompanyValues }) =>
    id === null
      ? bridge.request(api.companies.create, { body })
      : bridge.request(api.companies.update, { params: { id }, body }),
  );

export const useRenewCompany = () =>
  useCompanyWrite((bridge, id: number) => bridge.request(api.companies.renew, { params: { id } }));

export const useDeleteCompany = () =>
  useCompanyWrite((bridge, id: number) => bridge.request(api.companies.remove, { params: { id } }));
