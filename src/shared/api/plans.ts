import { z } from 'zod';
import { defineRoute } from './contract';

/** 2-administration §3: the plan's feature flags decide which modules a company has. */
export const PLAN_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.string(),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type Plan = z.output<typeof planSchema>;

export const plansRoutes = {
  listPublic: defineRoute({
    method: 'GET',
    path: '/plans/list',
    access: 'public',
    query: z.object({ listPublic: z.string().optional() }),
    response: z.array(planSchema),
  }),
  companyPlan: defineRoute({
    method: 'GET',
    path: '/companies/listPlan/:companyId',
    access: 'user',
    params: z.object({ companyId: z.coerce.number().int().positive() }),
    response: z.object({ id: z.number(), name: z.string(), planId: z.number(), plan: planSchema }),
  }),
};
