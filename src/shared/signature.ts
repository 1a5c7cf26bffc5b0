/** A leading `*Name:*` line: the attendant's signature on a message. */
const SIGNATURE = /^\*[^*\n]+:\*\n/;

/**
 * `*Name:*` on a line of its own above the text, as WhatsApp shows bold. A text that already carries a
 * signature (a forwarded message) gets the new one instead of a second.
 */
export const signBody = (name: string, body: string) => `*${name}:*\n${unsigned(body)}`;

/** The text without its signature line. */
export const unsigned = (body: string) => body.replace(SIGNATURE, '');
