import { create } from 'zustand';
import type { Ticket } from '../../../shared/api/tickets';
import type { OtherOpenTicket } from './already-open';
import type { SortDirection } from './tickets-cache';

export type ManagerPane = 'open' | 'closed' | 'search';
export type OpenTab = 'open' | 'pending' | 'group';

export interface TicketsUiState {
  pane: ManagerPane;
  tab: OpenTab;
  showAll: boolean;
  sort: SortDirection;
  /** The queue selector's choice; null until the user changes it (then every queue of theirs). */
  selectedQueueIds: number[] | null;
  /** Dialogs any inbox component may open (accept without queue, reopen without queue, 409). */
  accepting: Ticket | null;
  transferring: Ticket | null;
  alreadyOpen: OtherOpenTicket | null;
  set(patch: Partial<Omit<TicketsUiState, 'set'>>): void;
}

/**
 * The ticket manager's choices, kept while the user moves between /tickets and a ticket (and back
 * from other screens during the session), and the inbox's shared dialogs.
 */
export const useTicketsUi = create<TicketsUiState>()((set) => ({
  pane: 'open',
  tab: 'open',
  showAll: false,
  sort: 'DESC',
  selectedQueueIds: null,
  accepting: null,
  transferring: null,
  alreadyOpen: null,
  set: (patch) => set(patch),
}));
