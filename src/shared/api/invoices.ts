import { z } from 'zod';
import { cpfOrCnpj } from '../document-number';
import { VALIDATION } from '../errors';
import { pagedResponse, pageQuery } from './common';
import { defineRoute, okResponse } from './contract';

/** 2-administration §3 Invoice: 'Pago' means paid; anything else is open. */
export const INVOICE_PAID = 'Pago';
export const INVOICE_OPEN = 'open';

export const invoiceSchema = z.object({
  id: z.number(),
  detail: z.string(),
  users: z.number(),
  connections: z.number(),
  dueDate: z.string(),
  value: z.string(),
  status: z.string(),
  linkInvoice: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Invoice = z.output<typeof invoiceSchema>;

/** 2-administration §9: a custom plan starts at 3 users and 3 connections for R$ 49. */
export const CUSTOM_PLAN_BASE = {
  users: 3,
  connections: 3,
  price: 49,
  perUser: 11,
  perConnection: 20,
} as const;

/** The custom plan's price: R$ 49 for 3 users and 3 connections, R$ 11 a user and R$ 20 a connection more. */
export function customPlanPrice(users: number, connections: number) {
  const { price, perUser, perConnection } = CUSTOM_PLAN_BASE;
  return (
    price +
    perUser * (users - CUSTOM_PLAN_BASE.users) +
    perConnection * (connections - CUSTOM_PLAN_BASE.connections)
  ).toFixed(2);
}

const atLeast3 = z
  .number({ error: VALIDATION.wholeNumber })
  .int(VALIDATION.wholeNumber)
  .min(3, VALIDATION.customPlanMinimum)
  .max(10_000);

/** Step Personalizar: one of the platform's plans, or a custom plan of users and connections. */
export const checkoutPlan = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), planId: z.number().int().positive() }),
  z.object({ kind: z.literal('custom'), users: atLeast3, connections: atLeast3 }),
]);
export type CheckoutPlan = z.output<typeof checkoutPlan>;

const optionalText = z.string().trim().max(100, VALIDATION.tooLong).optional().default('');

/**
 * Step Dados (2-administration §3 Checkout form, §5): the payer's full name and document (the field named
 * zipcode, labelled CPF/CNPJ) and address. The card fields of the form are not asked: payment is by Pix.
 */
export const checkoutPayer = z.object({
  firstName: z
    .string({ error: VALIDATION.fullNameRequired })
    .trim()
    .min(1, VALIDATION.fullNameRequired)
    .max(100, VALIDATION.tooLong),
  lastName: optionalText,
  zipcode: cpfOrCnpj,
  address2: optionalText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
});
export type CheckoutPayer = z.input<typeof checkoutPayer>;

export const subscriptionBody = checkoutPayer.extend({
  plan: checkoutPlan,
  invoiceId: z.number().int().positive(),
});
export type SubscriptionInput = z.input<typeof subscriptionBody>;

/** 2-administration §3 Pix result: the EMV "copia e cola" payload, the amount, and the charge's txid. */
export const pixChargeSchema = z.object({
  txid: z.string(),
  qrcode: z.object({ qrcode: z.string() }),
  valor: z.object({ original: z.string() }),
  users: z.number(),
  connections: z.number(),
});
export type PixChargeAnswer = z.output<typeof pixChargeSchema>;

/** Efí's webhook body (its "Pix recebido" notice): the Pix received, each naming the charge it paid. */
export const pixWebhookBody = z
  .object({
    pix: z
      .array(
        z.object({ txid: z.string().max(35).optional(), endToEndId: z.string().max(40).optional() }).loose(),
      )
      .max(100)
      .optional()
      .default([]),
  })
  .loose();

export const invoicesRoutes = {
  /** The company's invoices, newest first; the open one of the coming due date is made on first read. */
  list: defineRoute({
    method: 'GET',
    path: '/invoices',
    access: 'admin',
    whileOverdue: true,
    query: pageQuery,
    response: pagedResponse('invoices', invoiceSchema),
  }),
  /** Creates a Pix charge for an open invoice (ERR_BILLING_NOT_CONFIGURED without a provider). */
  subscribe: defineRoute({
    method: 'POST',
    path: '/subscription',
    access: 'admin',
    whileOverdue: true,
    body: subscriptionBody,
    response: pixChargeSchema,
  }),
  /**
   * Whether a charge is paid, for a checkout that cannot hear the payment event (an overdue company's
   * sockets are refused): CONCLUIDA once paid, with the company's new due date.
   */
  charge: defineRoute({
    method: 'GET',
    path: '/subscription/:txid',
    access: 'admin',
    whileOverdue: true,
    params: z.object({ txid: z.string().min(1).max(64) }),
    response: z.object({ status: z.enum(['ATIVA', 'CONCLUIDA']), dueDate: z.string().nullable() }),
  }),
  /**
   * The provider's "Pix received" webhook. `hmac` is the secret the webhook was registered with; `ignorar`
   * swallows the "/pix" Efí appends to the registered address. Each charge is read back from the provider
   * before anything is trusted.
   */
  webhook: defineRoute({
    method: 'POST',
    path: '/subscription/webhook',
    access: 'public',
    query: z.object({ hmac: z.string().max(200).optional(), ignorar: z.string().max(20).optional() }),
    body: pixWebhookBody,
    response: okResponse,
  }),
};
