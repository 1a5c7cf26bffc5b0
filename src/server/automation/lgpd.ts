import { and, eq } from 'drizzle-orm';
import { contacts } from '../db/schema';
import type { BotTurn } from './bot-send';
import { type Action, fill, limitedAnswer, replyOf, type Step } from './step';

/** docs/behaviour.md "Routing and bots": the consent question's answers. */
const CONSENT_CHOICES = '[1] Sim\n[2] Não';

/** lgpdMessage, the link to the terms, then the choices. */
function question(step: Step) {
  return [fill(step, step.settings.lgpdMessage), step.settings.lgpdLink.trim(), CONSENT_CHOICES]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A ticket in lgpd: the contact's first message gets the question; then 1 accepts, 2 refuses, and
 * anything else asks again within maxUseBotQueues / timeUseBotQueues. Once the company stops asking
 * (LGPD off, no message), the bots leave such a ticket to the attendants.
 */
export function consent(step: Step): Action | undefined {
  const { settings } = step;
  if (settings.enableLGPD !== 'enabled' || !settings.lgpdMessage.trim()) return undefined;
  if (step.ticket.botAnsweredAt === null) return { kind: 'answer', text: question(step), log: 'lgpd' };
  const reply = replyOf(step);
  if (reply === '1' || reply === '2') return { kind: 'consent', accepted: reply === '1' };
  return limitedAnswer(step, question(step));
}

/**
 * Consent given: dated on the contact and on the ticket, which waits (pending) like any other from
 * here, its bots' count started afresh: the routing that follows reads the next message as a first one.
 */
export async function recordConsent(turn: BotTurn, step: Step) {
  await turn.tx
    .update(contacts)
    .set({ lgpdAcceptedAt: turn.now, updatedAt: turn.now })
    .where(and(eq(contacts.companyId, step.contact.companyId), eq(contacts.id, step.contact.id)));
  await turn.change({
    status: 'pending',
    lgpdAcceptedAt: turn.now,
    amountUsedBotQueues: 0,
    botAnsweredAt: null,
  });
  turn.movedOnward();
}
