import type { Context } from '../../platform/deps';
import { publishTicket } from '../tickets/publish';
import { findVisibleTicket, present } from '../tickets/service';
import { linkTicketTag, unlinkTicketTags } from './queries';
import { findTag } from './service';

/**
 * The ticket as it now is: announced to everyone who may see it (lists show its tags) and answered
 * to the caller.
 */
async function republish(ctx: Context, ticketId: number) {
  return present(ctx, await publishTicket(ctx.db, ctx.events, ticketId));
}

/** PUT /ticket-tags/:ticketId/:tagId: a tag of the company on a ticket the caller may see; twice is once. */
export async function addTicketTag(ctx: Context, ticketId: number, tagId: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  const tag = await findTag(ctx, tagId);
  await linkTicketTag(ctx.db, ticket.id, tag.id);
  return republish(ctx, ticket.id);
}

/** DELETE /ticket-tags/:ticketId: every tag off the ticket. */
export async function clearTicketTags(ctx: Context, ticketId: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  await unlinkTicketTags(ctx.db, ticket.id);
  return republish(ctx, ticket.id);
}

/** DELETE /ticket-tags/:ticketId/:tagId: one tag off the ticket; a tag it does not carry changes nothing. */
export async function removeTicketTag(ctx: Context, ticketId: number, tagId: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  await unlinkTicketTags(ctx.db, ticket.id, tagId);
  return republish(ctx, ticket.id);
}
