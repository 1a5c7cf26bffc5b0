import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../shared/bridge';
import { isAdmin } from '../../shared/permissions';
import { useBridge } from '../bridge/context';
import { toast } from '../ui/toast';
import { useSession } from './session';
import { dueSoonKey, subscriptionState } from './subscription';

/** Sign-in and sign-out; the route guards move the user once the session store changes. */
export function useSessionActions() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  /** Makes a signed-in session the app's. */
  const enter = (session: SessionInfo) => {
    queryClient.clear();
    // 2-administration §4.2: admins are warned when fewer than 5 days remain.
    const subscription = subscriptionState(session.user.company.dueDate, new Date());
    if (subscription.kind === 'dueSoon' && isAdmin(session.user)) {
      toast.warning(t(dueSoonKey(subscription.days), { days: subscription.days }));
    }
    useSession.getState().signedIn(session);
  };
  return {
    /**
     * Signs in and enters the session, unless it carries recovery codes (a required two-factor enrolment
     * completed with this sign-in): the caller shows them, then calls enter.
     */
    async login(credentials: { email: string; password: string; code?: string }) {
      const session = await bridge.session.login(credentials);
      if (!session.recoveryCodes?.length) enter(session);
      return session;
    },
    enter,
    async logout() {
      // Signing out locally must not depend on the server answering.
      await bridge.session.logout().catch(() => undefined);
      queryClient.clear();
      useSession.getState().signedOut();
    },
  };
}
