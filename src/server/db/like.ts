/** Text for a LIKE pattern, its wildcards taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
