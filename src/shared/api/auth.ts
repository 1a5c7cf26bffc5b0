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
});
export type Session = z.output<typeof sessionSchema>;

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(200),
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
};
