import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { events } from '../../shared/realtime';
import { isCompanySettingKey } from '../../shared/setting-keys';
import type { CompanySettings } from '../../shared/settings';
import { useBridge } from '../bridge/context';
import { TOKEN_KEY } from '../bridge/http';
import { prefetchInbox } from '../features/tickets/prefetch-inbox';
import { toast, toastError } from '../ui/toast';
import { loadLaterNamespaces } from './i18n';
import { useRealtimeEvent } from './realtime';
import { useSession } from './session';

/** 1-attendance §4: another sign-in of this account ends this one after 1 second. */
const RELOAD_AFTER_MS = 1000;
/** Set once this page is on its way to reload after another sign-in. */
let replacing = false;

/**
 * The session's life outside any screen: restore on start, sign-out when the transport expires it,
 * the single-session rule, and live changes to the signed-in user.
 */
export function SessionBoot() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const companyId = useSession((state) => state.session?.user.companyId);

  // Either signal of another sign-in (the auth event, or a call answered ERR_SESSION_REPLACED) says so
  // and reloads, never a silent jump to the login page; both may come, the first one acts.
  const replaced = useCallback(() => {
    if (replacing) return;
    replacing = true;
    toast.error(t('shell:session.elsewhere'));
    // "Local data is cleared": the stored token (web transport) and every cached answer.
    localStorage.removeItem(TOKEN_KEY);
    queryClient.clear();
    setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
  }, [t, queryClient]);

  useEffect(() => {
    let cancelled = false;
    const { signedIn, signedOut } = useSession.getState();
    bridge.session.restore().then(
      (session) => {
        if (cancelled) return;
        if (session) signedIn(session);
        else signedOut();
      },
      (error: unknown) => {
        if (cancelled) return;
        signedOut();
        toastError(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [bridge]);

  // The inbox's data is asked for the moment a session is there (restored or signed in), before anything
  // renders with it, then the words of the screens to come (prefetch-inbox.ts).
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (state.status !== 'signedIn' || previous.status === 'signedIn' || !state.session) return;
        // The inbox shows its own errors when it asks again; a failed prefetch is only a lost head start.
        void prefetchInbox(queryClient, bridge, state.session.user)
          .catch(() => undefined)
          .then(loadLaterNamespaces);
      }),
    [bridge, queryClient],
  );

  useEffect(
    () =>
      bridge.session.onExpired((reason) => {
        if (reason === 'replaced') return replaced();
        queryClient.clear();
        useSession.getState().signedOut();
      }),
    [bridge, queryClient, replaced],
  );

  useRealtimeEvent(companyId ? events.auth(companyId) : null, (event) => {
    const { session } = useSession.getState();
    if (!session || event.user?.id !== session.user.id || event.sessionId === session.sessionId) return;
    replaced();
  });

  useRealtimeEvent(companyId ? events.user(companyId) : null, (event) => {
    const { session, updateUser } = useSession.getState();
    if (event.action !== 'delete' && event.user.id === session?.user.id) updateUser(event.user);
  });

  // Screens read the company's settings from the session: keep them in step with every change.
  useRealtimeEvent(companyId ? events.settings(companyId) : null, ({ setting }) => {
    const { session, updateUser } = useSession.getState();
    if (!session || !isCompanySettingKey(setting.key)) return;
    const { company } = session.user;
    const companieSettings = { ...company.companieSettings, [setting.key]: setting.value } as CompanySettings;
    updateUser({ company: { ...company, companieSettings } });
  });

  return null;
}
