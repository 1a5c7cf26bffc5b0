import { describe, expect, it } from 'vitest';
import { ERROR_CODES, VALIDATION } from '../errors';
import { LANGUAGES, type Messages, NAMESPACES, namespaces } from './index';

/** Every leaf of a namespace as `a.b.c` → text. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('the %s namespace', (ns) => {
  const reference = flatten(namespaces[ns].pt);

  it.each(LANGUAGES)('has the same keys in %s as in Portuguese', (language) => {
    expect([...flatten(namespaces[ns][language]).keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each(LANGUAGES)('has no empty text in %s', (language) => {
    const empty = [...flatten(namespaces[ns][language])].filter(([, text]) => text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES)('uses the same placeholders in %s as in Portuguese', (language) => {
    const texts = flatten(namespaces[ns][language]);
    const differing = [...reference]
      .filter(
        ([key, text]) => texts.has(key) && placeholders(texts.get(key)!).join() !== placeholders(text).join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });
});

describe('the errors namespace', () => {
  it('translates every error code the server may answer with', () => {
    const codes = Object.keys(namespaces.errors.pt.codes);
    expect(codes.sort()).toEqual([...ERROR_CODES].sort());
  });

  it('translates every validation message of the spec', () => {
    expect(Object.keys(namespaces.errors.pt.validation).sort()).toEqual(Object.keys(VALIDATION).sort());
  });
});
