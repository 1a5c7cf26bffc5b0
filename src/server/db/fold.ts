import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Text with Portuguese, Spanish and Turkish accents and case folded ("Não" → "nao"), by the database
 * function `atendo_fold` (migration 0019). Searches fold both the column and the term, and the search
 * indexes are built over the folded column, so "reembolso" finds "Reembolso" and "nao" finds "não".
 */
export const fold = (value: SQLWrapper | string): SQL<string> => sql<string>`atendo_fold(${value})`;
