import { TAG_NAME_MIN } from '../../../shared/api/tags';

/** 1-attendance §9: a tag created on the fly gets a random colour. */
export function randomTagColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
}

/** 1-attendance §5: quick creation refuses a name under 3 characters ('Tag muito curta!'). */
export const isQuickTagNameTooShort = (name: string) => name.trim().length < TAG_NAME_MIN;
