/** What the message variables of 1-attendance §5 are filled from. */
export interface VariableContext {
  contactName: string;
  userName?: string;
  ticketId: number;
  queueName?: string;
  connectionName?: string;
  now?: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The greeting by time of day ({{ms}}), in the product's fixed Portuguese. */
function greeting(hour: number) {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * Replaces {{firstName}}, {{name}}, {{userName}}, {{ms}}, {{protocol}}, {{date}}, {{hour}},
 * {{ticket_id}}, {{queue}} and {{connection}}; unknown names stay as written.
 */
export function formatBody(text: string, ctx: VariableContext): string {
  const now = ctx.now ?? new Date();
  const date = `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;
  const hour = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const values: Record<string, string> = {
    firstName: ctx.contactName.trim().split(/\s+/)[0] ?? '',
    name: ctx.contactName,
    userName: ctx.userName ?? '',
    ms: greeting(now.getHours()),
    protocol: `${stamp}${ctx.ticketId}`,
    date,
    hour,
    ticket_id: String(ctx.ticketId),
    queue: ctx.queueName ?? '',
    connection: ctx.connectionName ?? '',
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
