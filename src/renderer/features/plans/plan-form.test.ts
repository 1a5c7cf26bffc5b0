import { describe, expect, it } from 'vitest';
import { PLAN_FLAGS } from '../../../shared/api/plans';
import { planForm, planFormValues } from './plan-form';

describe('the plan dialog form', () => {
  it('starts a new plan public with every module on', () => {
    const values = planFormValues(null);
    expect(values.isPublic).toBe(true);
    for (const flag of PLAN_FLAGS) expect(values[flag]).toBe(true);
  });

  it('reads the limits typed as text as numbers and a comma as the decimal point', () => {
    const parsed = planForm.parse({ ...planFormValues(null), name: 'Básico', users: ' 12 ', amount: '49,9' });
    expect(parsed).toMatchObject({ users: 12, connections: 3, amount: '49.9' });
  });

  it('refuses a limit that is not a whole number with its message', () => {
    const result = planForm.safeParse({
      ...planFormValues(null),
      name: 'Básico',
      amount: '10',
      queues: '2.5',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'queues')?.message).toBe(
      'Enter a whole number',
    );
  });
});
