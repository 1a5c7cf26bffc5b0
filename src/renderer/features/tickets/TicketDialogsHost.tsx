import { AcceptTicketModal } from './AcceptTicketModal';
import { AlreadyOpenDialog } from './AlreadyOpenDialog';
import { TransferTicketModal } from './TransferTicketModal';
import { useTicketsUi } from './tickets-ui';

/**
 * The inbox's shared dialogs, rendered once by the tickets page: the accept dialog for a waiting ticket
 * without a queue, the transfer dialog for reopening one without a queue, and the already-open info.
 */
export function TicketDialogsHost() {
  const accepting = useTicketsUi((state) => state.accepting);
  const transferring = useTicketsUi((state) => state.transferring);
  const alreadyOpen = useTicketsUi((state) => state.alreadyOpen);
  const set = useTicketsUi((state) => state.set);
  return (
    <>
      <AcceptTicketModal
        open={accepting !== null}
        ticket={accepting}
        onClose={() => set({ accepting: null })}
      />
      <TransferTicketModal
        open={transferring !== null}
        ticket={transferring}
        onClose={() => set({ transferring: null })}
      />
      <AlreadyOpenDialog other={alreadyOpen} onClose={() => set({ alreadyOpen: null })} />
    </>
  );
}
