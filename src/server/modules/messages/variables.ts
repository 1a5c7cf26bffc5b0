import { DEFAULT_TIME_ZONE } from '../../../shared/schedules';
import { wallClock } from '../../../shared/wall-clock';

/** What the message variables of 1-attendance §5 are filled from. */
export interface VariableContext {
  contactName: string;
  userName?: string | undefined;
  ticketId: number;
  queueName?: string | undefined;
  connectionName?: string | undefined;
  now?: Date;
  /** The company's IANA zone: date, hour and the greeting are its wall clock's. */
  timeZone?: string | undefined;
}

/** The greeting by time of day ({{ms}}), in the product's fixed Portuguese. */
function greeting(hour: number) {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * Replaces {{firstName}}, {{name}}, {{userName}}, {{ms}}, {{protocol}}, {{date}} (dd-MM-yyyy),
 * {{hour}} (HH:mm:ss), {{ticket_id}}, {{queue}} and {{connection}}; unknown names stay as written.
 * The protocol is the moment's yyyyMMddHHmmss followed by the ticket id.
 */
export function formatBody(text: string, ctx: VariableContext): string {
  const clock = wallClock(ctx.now ?? new Date(), ctx.timeZone ?? DEFAULT_TIME_ZONE);
  const [year, month, day] = clock.day.split('-');
  const values: Record<string, string> = {
    firstName: ctx.contactName.trim().split(/\s+/)[0] ?? '',
    name: ctx.contactName,
    userName: ctx.userName ?? '',
    ms: greeting(clock.hour),
    protocol: `${year}${month}${day}${clock.time.replaceAll(':', '')}${ctx.ticketId}`,
    date: `${day}-${month}-${year}`,
    hour: clock.time,
    ticket_id: String(ctx.ticketId),
    queue: ctx.queueName ?? '',
    connection: ctx.connectionName ?? '',
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
