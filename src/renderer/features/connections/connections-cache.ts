import type { Connection, WhatsappEvent, WhatsappSessionEvent } from '../../../shared/api/whatsapps';

/** GET /whatsapp's order: name, then id. */
const byName = (a: Connection, b: Connection) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * 2-administration §4.1 "Live": a whatsapp event replaces (or adds) its row, or removes it. A row older
 * than the one held changes nothing: a save's answer and the session's events can cross on the way.
 */
export function applyWhatsappEvent(list: Connection[], event: WhatsappEvent): Connection[] {
  if (event.action === 'delete') return list.filter((c) => c.id !== event.whatsappId);
  const held = list.find((c) => c.id === event.whatsapp.id);
  if (held && Date.parse(held.updatedAt) > Date.parse(event.whatsapp.updatedAt)) return list;
  return [...list.filter((c) => c.id !== event.whatsapp.id), event.whatsapp].sort(byName);
}

/** A session update changes its row's status and number; a session the list does not hold changes nothing. */
export function applySessionEvent(list: Connection[], event: WhatsappSessionEvent): Connection[] {
  const { session } = event;
  if (!list.some((c) => c.id === session.id)) return list;
  return list.map((c) =>
    c.id === session.id ? { ...c, status: session.status, number: session.number ?? c.number } : c,
  );
}
