import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { Ticket, updateTicketBody } from '../../../shared/api/tickets';
import { ApiError } from '../../../shared/bridge';
import { can } from '../../../shared/permissions';
import { attendedStatus, mayIgnore } from '../../../shared/ticket-visibility';
import { i18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { toast, toastError } from '../../ui/toast';
import { belongsToSomeoneElse, type OtherOpenTicket, otherOpenTicketFrom } from './already-open';
import { useTicketsUi } from './tickets-ui';
import { useTicketsCache } from './useTicketsList';

type UpdateBody = z.input<typeof updateTicketBody>;

export interface TransferInput {
  queueId: number;
  /** null leaves the ticket waiting in the queue. */
  userId: number | null;
  msgTransfer?: string;
}

/** 1-attendance §4: closing an untagged ticket with requiredTag on is a warning, not an error. */
function showActionError(error: unknown) {
  if (
    error instanceof ApiError &&
    (error.body as { error?: unknown } | undefined)?.error === 'ERR_TICKET_REQUIRES_TAG'
  ) {
    toast.warning(i18n.t('errors:codes.ERR_TICKET_REQUIRES_TAG'));
  } else {
    toastError(error);
  }
}

/**
 * The ticket transitions of 1-attendance §4 for the list and the chat header. Each resolves to true
 * when done (a dialog that asked for it may close), false when it failed (the error is shown) or when
 * a dialog had to be opened first (accept or reopen without a queue). Answers update the ticket caches
 * at once; the realtime event that follows changes nothing more.
 */
export function useTicketActions() {
  const bridge = useBridge();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const cache = useTicketsCache();
  const setUi = useTicketsUi((state) => state.set);
  const [busyTicketId, setBusyTicketId] = useState<number | null>(null);

  /** Opens a conversation that already exists, or tells who is serving it. */
  const showOther = (other: OtherOpenTicket) => {
    if (belongsToSomeoneElse(other, user.id)) setUi({ alreadyOpen: other });
    else navigate(`/tickets/${other.uuid}`);
  };

  async function run(
    ticket: Ticket,
    call: () => Promise<Ticket | null>,
    done: (answer: Ticket | null) => void,
  ) {
    setBusyTicketId(ticket.id);
    try {
      const answer = await call();
      if (answer) cache.applyTicketEvent({ action: 'update', ticket: answer });
      // docs/behaviour.md "Ticket updates": the server answers with the contact's other live ticket instead.
      if (answer && answer.id !== ticket.id) showOther(otherOpenTicketFrom(answer));
      else done(answer);
      return true;
    } catch (error) {
      showActionError(error);
      return false;
    } finally {
      setBusyTicketId(null);
    }
  }

  const update = (ticket: Ticket, body: UpdateBody, done: (answer: Ticket | null) => void) =>
    run(ticket, () => bridge.request(api.tickets.update, { params: { id: ticket.id }, body }), done);

  const toList = () => navigate('/tickets');
  const toTicket = (answer: Ticket | null) => {
    if (!answer) return;
    setUi({ pane: 'open', tab: answer.status === 'group' ? 'group' : 'open' });
    navigate(`/tickets/${answer.uuid}`);
  };

  return {
    busyTicketId,
    /** Ignore is for admins and users with showDashboard or userClosePendingTicket. */
    mayIgnore: mayIgnore(user),
    mayDelete: can(user, 'ticket-options:deleteTicket'),

    /** Pending → open for the current user. Without a queue the accept dialog asks for one first. */
    async accept(ticket: Ticket, options: { queueId?: number } = {}) {
      const queueId = options.queueId ?? ticket.queueId;
      if (queueId === null) {
        setUi({ accepting: ticket });
        return false;
      }
      return update(ticket, { status: attendedStatus(ticket), userId: user.id, queueId }, toTicket);
    },

    /** Open → pending with no user; the bot's queue-use count starts again. */
    returnToQueue: (ticket: Ticket) =>
      update(ticket, { status: 'pending', userId: null, amountUsedBotQueues: 0 }, toList),

    /** Open or group → closed, with or without the farewell message. */
    resolve: (ticket: Ticket, options: { sendFarewellMessage: boolean }) =>
      update(ticket, { status: 'closed', sendFarewellMessage: options.sendFarewellMessage }, toList),

    /** Pending → closed without farewell. */
    ignore: (ticket: Ticket) =>
      update(ticket, { status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 }, toList),

    /** The undo of an ignore, for IGNORE_UNDO_MS: the ticket waits again in its queue. */
    undoIgnore: (ticket: Ticket) => update(ticket, { status: 'pending' }, () => undefined),

    /** Closed → open for the current user; without a queue the transfer dialog asks for one. */
    async reopen(ticket: Ticket) {
      if (ticket.queueId === null) {
        setUi({ transferring: ticket });
        return false;
      }
      return update(
        ticket,
        { status: attendedStatus(ticket), userId: user.id, queueId: ticket.queueId },
        toTicket,
      );
    },

    /** To a queue and optionally a user: with a user it is attended, without it waits. */
    transfer: (ticket: Ticket, input: TransferInput) =>
      update(
        ticket,
        {
          queueId: input.queueId,
          userId: input.userId,
          status: input.userId === null ? 'pending' : attendedStatus(ticket),
          isTransfered: true,
          ...(input.msgTransfer?.trim() && { msgTransfer: input.msgTransfer.trim() }),
        },
        toList,
      ),

    /** DELETE /tickets/:id ('ticket-options:deleteTicket'). */
    remove: (ticket: Ticket) =>
      run(
        ticket,
        async () => {
          await bridge.request(api.tickets.remove, { params: { id: ticket.id } });
          cache.applyTicketEvent({ action: 'delete', ticketId: ticket.id });
          return null;
        },
        toList,
      ),

    /** Shows an existing conversation the server pointed at (409 on create). */
    showOther,
  };
}

export type TicketActions = ReturnType<typeof useTicketActions>;
