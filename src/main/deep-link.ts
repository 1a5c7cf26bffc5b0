/** The scheme of the app's links: atendo://tickets/{uuid} opens a ticket. */
export const DEEP_LINK_SCHEME = 'atendo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ticket an atendo://tickets/{uuid} link names; null for anything else. */
export function ticketOfDeepLink(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const link = new URL(url);
  if (link.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  const [where, uuid, ...rest] = [link.host, ...link.pathname.split('/')].filter(Boolean);
  return where === 'tickets' && uuid && rest.length === 0 && UUID.test(uuid) ? uuid.toLowerCase() : null;
}

/** The ticket of a deep link among a launch's arguments (Windows and Linux pass links that way). */
export function ticketOfArguments(argv: readonly string[]): string | null {
  for (const arg of argv) {
    const ticket = ticketOfDeepLink(arg);
    if (ticket) return ticket;
  }
  return null;
}
