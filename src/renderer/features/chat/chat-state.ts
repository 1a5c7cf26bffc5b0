import { create } from 'zustand';
import type { ChatMessage } from './messages-cache';

interface ChatState {
  /** The message the next one answers (quotedMsg). */
  replyTo: ChatMessage | null;
  /** The message being edited in place. */
  editingId: number | null;
  /** Message selection for forwarding several at once; null when not selecting. */
  selectedIds: number[] | null;
  /** Messages chosen for the forward dialog. */
  forwarding: ChatMessage[] | null;
  set(patch: Partial<Omit<ChatState, 'set' | 'toggleSelected' | 'reset'>>): void;
  toggleSelected(id: number): void;
  reset(): void;
}

const initial = { replyTo: null, editingId: null, selectedIds: null, forwarding: null };

/** What the open chat is doing with its messages; reset whenever another ticket opens. */
export const useChatState = create<ChatState>()((set, get) => ({
  ...initial,
  set: (patch) => set(patch),
  toggleSelected(id) {
    const selected = get().selectedIds ?? [];
    set({ selectedIds: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] });
  },
  reset: () => set(initial),
}));
