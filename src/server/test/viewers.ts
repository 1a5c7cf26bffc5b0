import type { Viewer } from '../../shared/ticket-visibility';

/** A company's admin as the list queries see them (every permission), in `queueIds`. */
export const adminViewer = (
  company: { id: number; admin: { id: number } },
  queueIds: number[] = [],
): Viewer => ({
  id: company.admin.id,
  companyId: company.id,
  profile: 'admin',
  super: false,
  allTicket: 'enable',
  allowGroup: true,
  allHistoric: 'enabled',
  allUserChat: 'enabled',
  showDashboard: 'enabled',
  allowRealTime: 'enabled',
  allowConnections: 'enabled',
  userClosePendingTicket: 'enabled',
  queueIds,
});
