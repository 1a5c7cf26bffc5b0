import { describe, expect, it } from 'vitest';
import { addResult, chunk, columnLetter, emptyResult, importProblem } from './import-plan';

describe('the import screen’s plan', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('asks for the number column, then the name column, then at least one row', () => {
    const none = { name: null, number: null, email: null, tags: null };
    expect(importProblem(none, 10)).toBe('noNumber');
    expect(importProblem({ ...none, number: 1 }, 10)).toBe('noName');
    expect(importProblem({ ...none, number: 1, name: 0 }, 0)).toBe('noContact');
    expect(importProblem({ ...none, number: 1, name: 0 }, 1)).toBeUndefined();
  });

  it('sends the rows in slices and adds the answers up', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const total = [
      { created: 2, updated: 1, invalid: [{ line: 3, field: 'name' as const, reason: 'Required' }] },
      { created: 5, updated: 0, invalid: [] },
    ].reduce(addResult, emptyResult());
    expect(total).toEqual({
      created: 7,
      updated: 1,
      invalid: [{ line: 3, field: 'name', reason: 'Required' }],
    });
  });
});
