import { describe, expect, it } from 'vitest';
import { cpfOrCnpj, isValidCnpj, isValidCpf } from './document-number';
import { VALIDATION } from './errors';

describe('CPF and CNPJ check digits', () => {
  it('accepts valid numbers, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and a repeated digit', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('529.982.247-52')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-18')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('the checkout field takes either, answers its digits, and says what is wrong', () => {
    expect(cpfOrCnpj.parse(' 529.982.247-25 ')).toBe('52998224725');
    expect(cpfOrCnpj.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(cpfOrCnpj.safeParse('').error?.issues[0]?.message).toBe(VALIDATION.required);
    expect(cpfOrCnpj.safeParse('123.456.789-00').error?.issues[0]?.message).toBe(VALIDATION.invalidDocument);
  });
});
