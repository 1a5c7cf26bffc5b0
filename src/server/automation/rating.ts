import { userRatings } from '../db/schema';
import * as q from '../modules/tickets/queries';
import type { Tx } from '../platform/database';
import { BotTurn } from './bot-send';
import { type Action, fill, replyOf, type Step, type TextContext } from './step';

/**
 * docs/behaviour.md "Routing and bots", NPS: a number 0–10 is the rating and ends the attendance; anything else
 * asks again, up to maxUseBotQueuesNPS times, after which the attendance ends unrated.
 */
export function rating(step: Step): Action {
  const reply = replyOf(step);
  if (/^(10|\d)$/.test(reply)) return { kind: 'rate', rate: Number(reply) };
  if (step.ticket.amountUsedBotQueues < step.connection.maxUseBotQueuesNPS) {
    return { kind: 'answer', text: fill(step, step.connection.ratingMessage) };
  }
  return { kind: 'rate', rate: null };
}

/**
 * The end of the rating flow: the rating (if any) stored for the ticket's attendant, the ticket closed
 * with the farewell that waited for it (the attendant's farewell message, then the connection's
 * completion message), the attendance marked rated.
 */
export async function finishRating(turn: BotTurn, step: TextContext, rate: number | null) {
  const { ticket } = step;
  if (rate !== null) {
    await turn.tx.insert(userRatings).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      userId: ticket.userId,
      rate,
      createdAt: turn.now,
    });
  }
  const attendant = ticket.userId === null ? undefined : await q.findUserOfCompany(turn.db, ticket.userId);
  const userName = attendant?.name;
  await turn.close('closed');
  await turn.track({ rated: rate !== null });
  await turn.say(
    fill(step, attendant?.farewellMessage, { userName }),
    fill(step, step.connection.complationMessage, { userName }),
  );
}

/** What the end of a rating reads when no message brought it (the NPS expiry timer). */
type RatingEnd = Pick<Step, 'ticket' | 'contact' | 'connection' | 'now'>;

/** NPS expiry (the timers): the attendance ends unrated, with the farewell that waited for the rating. */
export async function closeUnrated(tx: Tx, end: RatingEnd) {
  const turn = new BotTurn(tx, end.ticket, end.now);
  const timezone = await q.companyTimeZone(turn.db);
  await finishRating(turn, { ...end, queue: undefined, company: { timezone } }, null);
  return turn.finish();
}
