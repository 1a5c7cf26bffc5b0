import { and, eq } from 'drizzle-orm';
import { ticketTags } from '../../db/schema';
import { publishTicket } from '../tickets/publish';
import { findVisibleTicket, present, type TicketsContext } from '../tickets/service';
import { findTag } from './service';

/**
 * The ticket as it now is: announced to everyone who may see it (lists show its tags) and answered
 * to the caller.
 */
async function republish(ctx: TicketsContext, ticketId: number) {
  return present(ctx, await publishTicket(ctx.deps.db, ctx.events, ctx.actor.companyId, ticketId));
}

/** PUT /ticket-tags/:ticketId/:tagId: a tag of the company on a ticket the caller may see; twice is once. */
export async function addTicketTag(ctx: TicketsContext, ticketId: number, tagId: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  const tag = await findTag(ctx.deps.db, ctx.actor, tagId);
  await ctx.deps.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
  return republish(ctx, ticket.id);
}

/** DELETE /ticket-tags/:ticketId: every tag off the ticket. */
export async function clearTicketTags(ctx: TicketsContext, ticketId: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  await ctx.deps.db.delete(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
  return republish(ctx, ticket.id);
}

/** DELETE /ticket-tags/:ticketId/:tagId: one tag off the ticket; a tag it does not carry changes nothing. */
export async function removeTicketTag(ctx: TicketsContext, ticketId: number, tagId: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  await ctx.deps.db
    .delete(ticketTags)
    .where(and(eq(ticketTags.ticketId, ticket.id), eq(ticketTags.tagId, tagId)));
  return republish(ctx, ticket.id);
}
