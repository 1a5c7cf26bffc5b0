import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import { useSession } from '../../app/session';
import { useBridge } from '../../bridge/context';

/** The caller's own enrolment (start, confirm, switch off) and an admin's reset of a user's. */
export function useTwoFactorActions() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const updateUser = useSession((state) => state.updateUser);
  // The users' lists and details show the enrolment: read them again after a change.
  const refreshUsers = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  return {
    setup: () => bridge.request(api.auth.twoFactorSetup, {}),
    async confirm(code: string) {
      const { recoveryCodes } = await bridge.request(api.auth.twoFactorConfirm, { body: { code } });
      updateUser({ twoFactor: true });
      await refreshUsers();
      return recoveryCodes;
    },
    async disable(code: string) {
      await bridge.request(api.auth.twoFactorDisable, { body: { code } });
      updateUser({ twoFactor: false });
      await refreshUsers();
    },
    async reset(userId: number) {
      await bridge.request(api.users.resetTwoFactor, { params: { id: userId } });
      await refreshUsers();
    },
  };
}
