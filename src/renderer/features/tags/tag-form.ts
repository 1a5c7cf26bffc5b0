import { TAG_NAME_MIN } from '../../../shared/api/tags';

/** 1-attendance §5: quick creation refuses a name under 3 characters ('Tag muito curta!'). */
export const isQuickTagNameTooShort = (name: string) => name.trim().length < TAG_NAME_MIN;
