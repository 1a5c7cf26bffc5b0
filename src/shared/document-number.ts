import { z } from 'zod';
import { digitsOf } from './digits';
import { VALIDATION } from './errors';

/** A Brazilian check digit: the weighted sum of the digits before it, modulo 11 (10 and 11 give 0). */
function checkDigit(digits: string, weights: number[]) {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A repeated digit (000.000.000-00) passes the arithmetic but is no one's number. */
const repeated = (digits: string) => /^(\d)\1*$/.test(digits);

/** A person's CPF: 11 digits, the last two check digits of the first nine and ten. */
export function isValidCpf(value: string) {
  const d = digitsOf(value);
  if (d.length !== 11 || repeated(d)) return false;
  return (
    checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[9]) &&
    checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[10])
  );
}

/** A company's CNPJ: 14 digits, the last two check digits of the first twelve and thirteen. */
export function isValidCnpj(value: string) {
  const d = digitsOf(value);
  if (d.length !== 14 || repeated(d)) return false;
  return (
    checkDigit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[12]) &&
    checkDigit(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[13])
  );
}

/**
 * 2-administration §3 Checkout form: the field named zipcode is labelled CPF/CNPJ and is the payer's
 * document, sent to the bank with the Pix charge. Typed with or without punctuation; kept as digits.
 */
export const cpfOrCnpj = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .refine((value) => isValidCpf(value) || isValidCnpj(value), VALIDATION.invalidDocument)
  .transform(digitsOf);
