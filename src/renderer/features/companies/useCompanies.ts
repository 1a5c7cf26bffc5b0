import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { companyBody } from '../../../shared/api/companies';
import { useBridge } from '../../bridge/context';

export const companiesKeys = { list: ['companies', 'list'] as const };

/** GET /companies/list: every company with its plan and its files (the super administrator's). */
export function useCompanies() {
  const bridge = useBridge();
  return useQuery({ queryKey: companiesKeys.list, queryFn: () => bridge.request(api.companies.list, {}) });
}

/** A company write, then the list is read again (its figures come from the server). */
function useCompanyWrite<A, R>(write: (bridge: ReturnType<typeof useBridge>, args: A) => Promise<R>) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(bridge, args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.list }),
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
