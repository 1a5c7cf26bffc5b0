import { isAdmin } from './permissions';
import type { Viewer } from './ticket-visibility';

/** What deciding who sees a schedule reads of it. */
export interface ScheduleScope {
  userId: number | null;
  ticketUserId: number | null;
  queueId: number | null;
}

/**
 * Who sees (and may change) a schedule: admins every one of the company; a user those she wrote, those
 * whose ticket goes to her, and those whose ticket goes to one of her queues — the tickets she may see.
 */
export function scheduleVisibleTo(
  schedule: ScheduleScope,
  viewer: Pick<Viewer, 'id' | 'profile' | 'super' | 'queueIds'>,
) {
  if (isAdmin(viewer)) return true;
  return (
    schedule.userId === viewer.id ||
    schedule.ticketUserId === viewer.id ||
    (schedule.queueId !== null && viewer.queueIds.includes(schedule.queueId))
  );
}
