import type { ImportField, ImportMapping, ImportResult } from '../../../shared/api/contacts';

/** The mapping being chosen on screen: a column index per field, or null for none. */
export type MappingChoice = Record<ImportField, number | null>;

/** 'A', 'B', … 'Z', 'AA', … as spreadsheet programs name columns. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * 1-attendance §8 import errors, in the order the screen reports them: no number column, no name column,
 * no row selected. Undefined when the import can start.
 */
export function importProblem(
  choice: MappingChoice,
  selected: number,
): 'noNumber' | 'noName' | 'noContact' | undefined {
  if (choice.number === null) return 'noNumber';
  if (choice.name === null) return 'noName';
  if (selected === 0) return 'noContact';
  return undefined;
}

export function toMapping(choice: MappingChoice): ImportMapping {
  return { name: choice.name ?? 0, number: choice.number ?? 0, email: choice.email, tags: choice.tags };
}

/** Consecutive slices of `size`: one request each. */
export function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export const emptyResult = (): ImportResult => ({ created: 0, updated: 0, invalid: [] });

export function addResult(total: ImportResult, part: ImportResult): ImportResult {
  return {
    created: total.created + part.created,
    updated: total.updated + part.updated,
    invalid: [...total.invalid, ...part.invalid],
  };
}
