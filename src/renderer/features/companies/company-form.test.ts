import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../shared/errors';
import { companyForm, companyFormValues, dueBand } from './company-form';

describe('dueBand', () => {
  it('is yellow with 1 to 5 days left, red on the due day and after, nothing further out', () => {
    expect(dueBand('2026-06-16', '2026-06-10')).toBeUndefined();
    expect(dueBand('2026-06-15', '2026-06-10')).toBe('dueSoon');
    expect(dueBand('2026-06-11', '2026-06-10')).toBe('dueSoon');
    expect(dueBand('2026-06-10', '2026-06-10')).toBe('overdue');
    expect(dueBand('2026-05-01', '2026-06-10')).toBe('overdue');
    expect(dueBand(null, '2026-06-10')).toBeUndefined();
  });
});

describe('companyForm', () => {
  const values = { ...companyFormValues(null), name: 'Loja', email: 'a@b.co', planId: 3 };

  it('needs the first admin password for a new company only', () => {
    const result = companyForm(true).safeParse(values);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['passwordDefault'], message: VALIDATION.required }),
    ]);
    expect(companyForm(false).safeParse(values).success).toBe(true);
  });

  it('reads empty limits and due date as none, typed ones as numbers', () => {
    const parsed = companyForm(false).parse({ ...values, numberAttendants: '4', dueDate: '' });
    expect(parsed).toMatchObject({ numberAttendants: 4, numberConections: null, dueDate: null });
  });

  it("answers the spec's name and e-mail messages", () => {
    const result = companyForm(false).safeParse({ ...values, name: '', email: 'nope' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      VALIDATION.companyNameRequired,
      VALIDATION.companyEmailInvalid,
    ]);
  });
});
