import { z } from 'zod';
import { VALIDATION } from '../errors';
import { PLAN_FLAGS, type PlanFlag } from '../plan-flags';
import { boundedText } from './common';
import { defineRoute, idParam, okResponse } from './contract';

export { PLAN_FLAGS, type PlanFlag } from '../plan-flags';

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

/** A plan's limits: how many users, connections and queues its companies may have. */
const limit = z.number({ error: VALIDATION.wholeNumber }).int(VALIDATION.wholeNumber).min(0).max(100_000);

/** A price in the platform's currency: digits with at most two decimals; a comma is read as the point. */
export const planAmount = z
  .string({ error: VALIDATION.required })
  .trim()
  .transform((value) => value.replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, VALIDATION.invalidAmount));

const flag = z.boolean().optional().default(true);

/** 2-administration §3 Plan as the super administrator saves it; every feature flag defaults to on. */
export const planBody = z.object({
  name: boundedText(2, 50),
  users: limit,
  connections: limit,
  queues: limit,
  amount: planAmount,
  isPublic: z.boolean().optional().default(true),
  ...(Object.fromEntries(PLAN_FLAGS.map((name) => [name, flag])) as Record<PlanFlag, typeof flag>),
});
export type PlanInput = z.input<typeof planBody>;

export const plansRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/plans/all',
    access: 'super',
    response: z.array(planSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/plans',
    access: 'super',
    body: planBody,
    response: planSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/plans/:id',
    access: 'super',
    params: idParam,
    body: planBody,
    response: planSchema,
  }),
  /** Refused (ERR_PLAN_IN_USE) while a company is on the plan. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/plans/:id',
    access: 'super',
    params: idParam,
    response: okResponse,
  }),
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
    whileOverdue: true,
    params: z.object({ companyId: z.coerce.number().int().positive() }),
    response: z.object({ id: z.number(), name: z.string(), planId: z.number(), plan: planSchema }),
  }),
};
