import { z } from 'zod';
import { VALIDATION } from '../errors';
import { boundedText, emailField, optionalPassword } from './common';
import { defineRoute, okResponse } from './contract';
import { planSchema } from './plans';
import { companySettingsSchema } from './settings';
import { userSchema } from './users';

export const sessionCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string().nullable(),
  planId: z.number(),
  plan: planSchema,
  companieSettings: companySettingsSchema,
});

export const sessionUserSchema = userSchema.extend({ company: sessionCompanySchema });
export type SessionUser = z.output<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  dueDate: z.string().nullable(),
  /** Identifies this sign-in so a client can tell its own login from a later one elsewhere. */
  sessionId: z.string(),
  /** Only on a sign-in that completed a required two-factor enrolment: its recovery codes, shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type Session = z.output<typeof sessionSchema>;

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(200),
  /** The second step: a six-digit code of the user's authenticator, or one of their recovery codes. */
  code: z.string().trim().max(40).optional(),
});

/** A started two-factor enrolment: the secret as a QR code and as text, shown this once. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** A data: URL of the QR code image. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;

const twoFactorCode = z.object({
  code: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(40),
});

export const signupBody = z.object({
  name: boundedText(2, 50),
  companyName: boundedText(2, 50),
  email: emailField,
  password: optionalPassword,
  phone: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(30, VALIDATION.tooLong),
  planId: z.coerce.number({ error: VALIDATION.required }).int().positive(VALIDATION.required),
  companyId: z.union([z.coerce.number().int().positive(), z.literal(''), z.null()]).optional(),
});

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    body: loginBody,
    response: sessionSchema,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh_token',
    access: 'public',
    response: sessionSchema,
  }),
  logout: defineRoute({ method: 'DELETE', path: '/auth/logout', access: 'public', response: okResponse }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    access: 'user',
    whileOverdue: true,
    response: sessionUserSchema,
  }),
  signup: defineRoute({
    method: 'POST',
    path: '/auth/signup',
    access: 'public',
    body: signupBody,
    // The same answer whether the e-mail was free or taken: signup never tells which e-mails exist.
    response: okResponse,
  }),
  /** Two-factor sign-in: the signed-in user starts an enrolment (a new secret, inactive until confirmed). */
  twoFactorSetup: defineRoute({
    method: 'POST',
    path: '/auth/2fa/setup',
    access: 'user',
    whileOverdue: true,
    response: twoFactorSetupSchema,
  }),
  /** Confirms the enrolment with a first code; answers the ten recovery codes, this once. */
  twoFactorConfirm: defineRoute({
    method: 'POST',
    path: '/auth/2fa/confirm',
    access: 'user',
    whileOverdue: true,
    body: twoFactorCode,
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  /** Ends the caller's own enrolment; a current code (or a recovery code) proves it is them. */
  twoFactorDisable: defineRoute({
    method: 'POST',
    path: '/auth/2fa/disable',
    access: 'user',
    whileOverdue: true,
    body: twoFactorCode,
    response: okResponse,
  }),
  /**
   * Sign-in of a user whose company requires two-factor and who has not enrolled: the password starts an
   * enrolment; the sign-in then completes with a code of it (and answers the recovery codes).
   */
  twoFactorEnrol: defineRoute({
    method: 'POST',
    path: '/auth/2fa/enrol',
    access: 'public',
    body: loginBody,
    response: twoFactorSetupSchema,
  }),
};
