import type { ReactNode } from 'react';
import { can, type Permission } from '../../shared/permissions';
import { useCurrentUser } from './session';

type Branch = ReactNode | (() => ReactNode);

const render = (branch: Branch | undefined) => (typeof branch === 'function' ? branch() : (branch ?? null));

/** Renders `yes` when the signed-in user has the permission (1-attendance §6), else `no`. */
export function Can({ perform, yes, no }: { perform: Permission; yes?: Branch; no?: Branch }) {
  const user = useCurrentUser();
  return <>{render(can(user, perform) ? yes : no)}</>;
}
