/**
 * Where a search in messages matched, as people see it: the server cuts a snippet around the match and
 * the list marks the term in it. Folding mirrors the database's `atendo_fold` (migration 0019) and words
 * are compared whole, as the `simple` text search the server finds messages with compares them.
 */
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏİíìîïıÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñŞşĞğ';
const PLAIN = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiiiioooooooooouuuuuuuuccnnssgg';
const WORD = /[\p{L}\p{N}]+/gu;

/** One character folded to one character, so positions in the folded text are positions in the text. */
function foldChar(char: string): string {
  const at = ACCENTED.indexOf(char);
  if (at >= 0) return PLAIN[at];
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : char;
}

const foldText = (text: string) => Array.from(text, foldChar).join('');

/** The term's words, folded. */
function termWords(term: string): Set<string> {
  return new Set(foldText(term).match(WORD) ?? []);
}

/** Each [start, end) of a word of `text` that is one of the term's words. */
export function matchRanges(text: string, term: string): Array<[number, number]> {
  const words = termWords(term);
  if (words.size === 0) return [];
  const ranges: Array<[number, number]> = [];
  for (const match of foldText(text).matchAll(WORD)) {
    if (words.has(match[0])) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** Characters of context a snippet keeps before the first match, and its length at most. */
const BEFORE = 40;
const SNIPPET_MAX = 140;

/**
 * The part of a message around its first match, on one line, with "…" where it was cut: what a search
 * result shows of the message it found.
 */
export function matchSnippet(body: string, term: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const first = matchRanges(text, term)[0];
  let start = first ? Math.max(0, first[0] - BEFORE) : 0;
  // Cut at a space rather than inside a word.
  if (start > 0) start = text.lastIndexOf(' ', start) + 1;
  let end = Math.min(text.length, start + SNIPPET_MAX);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > (first?.[1] ?? start)) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
