import { z } from 'zod';
import { type Company, companyBody } from '../../../shared/api/companies';
import { VALIDATION } from '../../../shared/errors';

/** An optional limit as typed: empty is the plan's (null), otherwise a whole number. */
const ownLimitText = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, VALIDATION.wholeNumber)
  .transform((text) => (text === '' ? null : Number(text)));

/**
 * The company dialog's form: the API's body with the limits and the due date typed as text; a new company
 * needs its first admin's password.
 */
export const companyForm = (isNew: boolean) =>
  companyBody
    .extend({
      numberAttendants: ownLimitText,
      numberConections: ownLimitText,
      dueDate: z.string().transform((day) => day || null),
      planId: z.number({ error: VALIDATION.required }).int().positive(),
    })
    .refine((values) => !isNew || Boolean(values.passwordDefault), {
      path: ['passwordDefault'],
      message: VALIDATION.required,
    });
export type CompanyFormInput = z.input<ReturnType<typeof companyForm>>;

/** What the dialog starts from: the company's values, or a new company's (active, monthly). */
export function companyFormValues(company: Company | null): CompanyFormInput {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    passwordDefault: '',
    phone: company?.phone ?? '',
    // null until chosen: the select shows no plan and the form says it is required.
    planId: (company?.planId ?? null) as number,
    status: company?.status ?? true,
    dueDate: company?.dueDate ?? '',
    recurrence: company?.recurrence ?? 'MENSAL',
    document: company?.document ?? '',
    paymentMethod: company?.paymentMethod ?? '',
    numberAttendants: company?.numberAttendants?.toString() ?? '',
    numberConections: company?.numberConections?.toString() ?? '',
  };
}

/** Whole days from `today` to `dueDate` (both YYYY-MM-DD). */
export function daysLeft(dueDate: string, today: string): number {
  return Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
}

/**
 * 2-administration §4.2: a row is yellow with 1 to 5 days left, red when due today or past; no due date,
 * no colour.
 */
export function dueBand(dueDate: string | null, today: string): 'dueSoon' | 'overdue' | undefined {
  if (dueDate === null) return undefined;
  const days = daysLeft(dueDate, today);
  if (days <= 0) return 'overdue';
  return days <= 5 ? 'dueSoon' : undefined;
}

/** Today in the reader's time zone, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
