import { describe, expect, it } from 'vitest';
import { matchRanges, matchSnippet } from './search-match';

describe('search matches', () => {
  it('finds the term as whole words, accents and case folded', () => {
    expect(matchRanges('Não recebi o REEMBOLSO, reembolsos?', 'reembolso nao')).toEqual([
      [0, 3],
      [13, 22],
    ]);
    expect(matchRanges('Şirket için', 'sirket')).toEqual([[0, 6]]);
  });

  it('cuts a long message around its first match, on one line', () => {
    const body = `${'palavra '.repeat(20)}quero o\nreembolso agora ${'fim '.repeat(40)}`;
    const snippet = matchSnippet(body, 'reembolso');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('quero o reembolso agora');
    expect(snippet.length).toBeLessThanOrEqual(142);
  });

  it('keeps a short message whole', () => {
    expect(matchSnippet('Bom dia, reembolso', 'reembolso')).toBe('Bom dia, reembolso');
  });
});
