import type { z } from 'zod';
import type { MessageTemplate } from '../../../shared/api/graph';
import type { messagesRoutes } from '../../../shared/api/messages';
import { VALIDATION } from '../../../shared/errors';
import { fillTemplate, placeholdersOf } from '../../../shared/templates';
import type { ChannelDriver } from '../../channels/driver';
import { GraphError } from '../../channels/meta/graph';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ServerDeps } from '../../platform/deps';
import * as tq from '../tickets/queries';
import { findVisibleTicket } from '../tickets/service';
import { requireDriver } from './outbound';
import { sendItem } from './service';

type TemplateBody = z.output<(typeof messagesRoutes)['sendTemplate']['body']>;

/** The connection's approved templates (the Cloud API reads them from the business account). */
async function templatesOf(deps: ServerDeps, driver: ChannelDriver): Promise<MessageTemplate[]> {
  if (!driver.templates) throw notFound('ERR_NO_TEMPLATE_FOUND');
  try {
    return await driver.templates();
  } catch (err) {
    deps.log.warn({ err }, 'reading the message templates failed');
    throw new AppError(
      err instanceof GraphError && err.isAuthError ? 'ERR_INVALID_CREDENTIALS' : 'ERR_GRAPH_REQUEST_FAILED',
      502,
    );
  }
}

/** GET /whatsapp/:id/templates: for the company's users, who send them from the chat. */
export async function listTemplates(ctx: Context, connectionId: number) {
  const { deps } = ctx;
  if (!(await tq.findConnection(ctx.db, connectionId))) throw notFound('ERR_NO_WAPP_FOUND');
  return templatesOf(deps, await requireDriver(deps, connectionId));
}

/** What the contact reads: the header, the body and the footer with the placeholders filled in. */
const templateText = (template: MessageTemplate, values: TemplateBody) =>
  [
    template.header && fillTemplate(template.header, values.header),
    fillTemplate(template.body, values.body),
    template.footer,
  ]
    .filter(Boolean)
    .join('\n');

/**
 * POST /messages/:ticketId/template: an approved template with a value for each placeholder, sent
 * whatever the 24 h window (templates are what the Cloud API takes outside it). Stored as its text.
 */
export async function sendTemplate(ctx: Context, ticketId: number, input: TemplateBody) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  const driver = await requireDriver(ctx.deps, ticket.whatsappId);
  const template = (await templatesOf(ctx.deps, driver)).find(
    (t) => t.name === input.name && t.language === input.language,
  );
  if (!template) throw notFound('ERR_NO_TEMPLATE_FOUND');
  const filled =
    placeholdersOf(template.header).length === input.header.length &&
    placeholdersOf(template.body).length === input.body.length;
  if (!filled) throw new AppError(VALIDATION.required, 400);
  const contact = (await tq.findContact(ctx.db, ticket.contactId))!;
  const text = templateText(template, input);
  return sendItem(ctx, ticket, contact.number, {
    out: { body: text, template: { template, values: input } },
    row: {
      contactId: ticket.contactId,
      queueId: ticket.queueId,
      userId: ctx.actor.userId,
      fromMe: true,
      read: true,
      body: text,
    },
    preview: text,
  });
}
