import { create } from 'zustand';
import type { SessionUser } from '../../shared/api/auth';
import type { SessionInfo } from '../../shared/bridge';
import { type Viewer, viewerOfUser } from '../../shared/ticket-visibility';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

interface SessionState {
  session: SessionInfo | null;
  /** The signed-in user as the inbox rules read them (shared ticket visibility), made once per change. */
  viewer: Viewer | null;
  /** 'loading' until the start-up restore has answered. */
  status: SessionStatus;
  signedIn(session: SessionInfo): void;
  signedOut(): void;
  /** Applies a change to the signed-in user (own edits, live user events); the company stays. */
  updateUser(patch: Partial<SessionUser>): void;
}

export const useSession = create<SessionState>()((set, get) => ({
  session: null,
  viewer: null,
  status: 'loading',
  signedIn: (session) => set({ session, viewer: viewerOfUser(session.user), status: 'signedIn' }),
  signedOut: () => set({ session: null, viewer: null, status: 'signedOut' }),
  updateUser(patch) {
    const { session } = get();
    if (!session) return;
    const user = { ...session.user, ...patch };
    set({ session: { ...session, user }, viewer: viewerOfUser(user) });
  },
}));

/** The signed-in user; only for screens behind the private routes. */
export function useCurrentUser(): SessionInfo['user'] {
  const user = useSession((state) => state.session?.user);
  if (!user) throw new Error('useCurrentUser is used outside the private routes');
  return user;
}

/** The signed-in user as the inbox rules read them; only for screens behind the private routes. */
export function useViewer(): Viewer {
  const viewer = useSession((state) => state.viewer);
  if (!viewer) throw new Error('useViewer is used outside the private routes');
  return viewer;
}
