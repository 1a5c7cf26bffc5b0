import { QUICK_MESSAGE_LABEL_MAX, type QuickMessage } from '../../../shared/api/quick-messages';

/**
 * 1-attendance §5: a '/' at the start of the composer asks for quick messages; what follows it filters
 * them by shortcode. null: the text is not a request for suggestions.
 */
export function suggestionFilter(text: string): string | null {
  return text.startsWith('/') ? text.slice(1).toLowerCase() : null;
}

/** The quick messages whose shortcode contains what was typed after the '/', any case. */
export function matchingQuickMessages(all: QuickMessage[], text: string): QuickMessage[] {
  const filter = suggestionFilter(text);
  if (filter === null) return [];
  return all.filter((qm) => qm.shortcode.toLowerCase().includes(filter));
}

/** `/shortcode - message`, the message cut at 90 characters (1-attendance §5). */
export function suggestionLabel(qm: Pick<QuickMessage, 'shortcode' | 'message'>): string {
  const message =
    qm.message.length > QUICK_MESSAGE_LABEL_MAX
      ? `${qm.message.slice(0, QUICK_MESSAGE_LABEL_MAX)}...`
      : qm.message;
  return message ? `/${qm.shortcode} - ${message}` : `/${qm.shortcode}`;
}
