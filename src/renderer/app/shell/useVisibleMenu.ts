import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import { useBridge } from '../../bridge/context';
import { useCurrentUser } from '../session';
import { MENU, visibleMenu } from './menu';

export const helpsKeys = { all: ['helps'] as const };

/** GET /helps: the platform's help entries (the help page, the settings tab, the menu's question). */
export function useHelps() {
  const bridge = useBridge();
  return useQuery({ queryKey: helpsKeys.all, queryFn: () => bridge.request(api.helps.list, {}) });
}

/** The side menu's entries for the signed-in user, their company's plan and what exists. */
export function useVisibleMenu() {
  const user = useCurrentUser();
  const helps = useHelps();
  return visibleMenu(MENU, user, user.company.plan, { helps: (helps.data?.length ?? 0) > 0 });
}
