import { lazy, Suspense } from 'react';
import { AlreadyOpenDialog } from './AlreadyOpenDialog';
import { useTicketsUi } from './tickets-ui';

// Forms (and their schemas) load when a dialog first opens, not with the inbox.
const AcceptTicketModal = lazy(() =>
  import('./AcceptTicketModal').then((module) => ({ default: module.AcceptTicketModal })),
);
const TransferTicketModal = lazy(() =>
  import('./TransferTicketModal').then((module) => ({ default: module.TransferTicketModal })),
);

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
      {accepting !== null && (
        <Suspense fallback={null}>
          <AcceptTicketModal open ticket={accepting} onClose={() => set({ accepting: null })} />
        </Suspense>
      )}
      {transferring !== null && (
        <Suspense fallback={null}>
          <TransferTicketModal open ticket={transferring} onClose={() => set({ transferring: null })} />
        </Suspense>
      )}
      <AlreadyOpenDialog other={alreadyOpen} onClose={() => set({ alreadyOpen: null })} />
    </>
  );
}
