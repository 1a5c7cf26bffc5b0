import { z } from 'zod';
import { PLAN_FLAGS, type Plan, planBody } from '../../../shared/api/plans';
import { VALIDATION } from '../../../shared/errors';

/** A limit as typed in its field: digits only, read as a number. */
const limitText = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, VALIDATION.wholeNumber)
  .transform(Number);

/** The plan dialog's form: the API's body, with the limits typed as text. */
export const planForm = planBody.extend({ users: limitText, connections: limitText, queues: limitText });
export type PlanFormInput = z.input<typeof planForm>;

/** What the dialog starts from: the plan's values, or a new plan's (every module on, public). */
export function planFormValues(plan: Plan | null): PlanFormInput {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, plan ? plan[flag] : true]));
  return {
    name: plan?.name ?? '',
    users: String(plan?.users ?? 3),
    connections: String(plan?.connections ?? 3),
    queues: String(plan?.queues ?? 3),
    amount: plan?.amount ?? '',
    isPublic: plan?.isPublic ?? true,
    ...flags,
  };
}
