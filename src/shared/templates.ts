/**
 * WhatsApp message templates (Cloud API): texts with `{{1}}` (positional) or `{{name}}` (named)
 * placeholders that the sender fills in.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholders of a text, each once, in the order they first appear. */
export function placeholdersOf(text: string | null): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The text with each placeholder replaced by the value given for it (by the order of placeholdersOf);
 * a placeholder without a value (or an empty one) stays as it is.
 */
export function fillTemplate(text: string, values: readonly (string | undefined)[]): string {
  const names = placeholdersOf(text);
  return text.replace(PLACEHOLDER, (whole, name: string) => values[names.indexOf(name)] || whole);
}
