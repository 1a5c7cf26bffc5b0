import type { z } from 'zod';
import { VALIDATION } from './errors';

/**
 * The rules of 2-administration §5 that tie a connection's fields together, written once: the connection
 * dialog checks the form with them and the server checks the connection as it will be stored (what the
 * request changes over what is stored).
 */

/** The fields the rules read, as the contract carries them (dates as ISO text, minutes as numbers). */
export interface ConnectionRuleValues {
  ratingMessage: string | null;
  expiresTicketNPS: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  timeInactiveMessage: number;
  expiresTicket: number;
  enableImportMessage: boolean;
  importOldMessages: string | null;
  importRecentMessages: string | null;
  queueIdImportMessages: number | null;
  collectiveVacationMessage: string | null;
  collectiveVacationStart: string | null;
  collectiveVacationEnd: string | null;
}

export interface ConnectionRuleContext {
  /** The company rates its attendances (setting userRating): the rating fields become required. */
  userRating: boolean;
  now: Date;
  /**
   * The stored dates (undefined for a new connection). A date bound counts from now, so it is checked on
   * the dates being set, never on stored ones time has moved past: an old vacation does not block a save.
   */
  stored?: Pick<
    ConnectionRuleValues,
    'importOldMessages' | 'importRecentMessages' | 'collectiveVacationStart' | 'collectiveVacationEnd'
  >;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Clocks of a browser and the server differ a little; "not in the future" allows this much. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

/** 2-administration §9: the import window goes up to 2 years back. */
export const IMPORT_MAX_YEARS = 2;
/** 2-administration §9: a collective vacation may start at the earliest 10 days back. */
export const VACATION_MIN_DAYS = 10;

/**
 * The earliest allowed dates. A date picker offers whole days in the reader's time zone, so a bound is
 * a day earlier here than the picker's `min`: the first day the picker offers always passes.
 */
export function earliestImportDate(now: Date) {
  const earliest = new Date(now);
  earliest.setFullYear(earliest.getFullYear() - IMPORT_MAX_YEARS);
  return new Date(earliest.getTime() - DAY_MS);
}

export const earliestVacationDate = (now: Date) => new Date(now.getTime() - (VACATION_MIN_DAYS + 1) * DAY_MS);

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
const blank = (text: string | null) => !text?.trim();

/** The rule fields as a body may carry them: a field left out reads as empty (none, 0, off). */
type RuleInput = { [K in keyof ConnectionRuleValues]?: ConnectionRuleValues[K] | undefined };

const EMPTY: ConnectionRuleValues = {
  ratingMessage: null,
  expiresTicketNPS: 0,
  timeSendQueue: 0,
  sendIdQueue: null,
  timeInactiveMessage: 0,
  expiresTicket: 0,
  enableImportMessage: false,
  importOldMessages: null,
  importRecentMessages: null,
  queueIdImportMessages: null,
  collectiveVacationMessage: null,
  collectiveVacationStart: null,
  collectiveVacationEnd: null,
};

/** A `superRefine` step for any schema whose output carries the rule fields. */
export function connectionRules(context: ConnectionRuleContext) {
  return (input: RuleInput, ctx: z.RefinementCtx) => {
    const values: ConnectionRuleValues = { ...EMPTY };
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined && key in EMPTY) Object.assign(values, { [key]: value });
    }
    const issue = (path: keyof ConnectionRuleValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const isNew = (field: keyof NonNullable<ConnectionRuleContext['stored']>) =>
      values[field] !== null && values[field] !== (context.stored?.[field] ?? null);
    const now = context.now.getTime();

    if (context.userRating) {
      if (blank(values.ratingMessage)) issue('ratingMessage', VALIDATION.errorRatingMessage);
      if (!(values.expiresTicketNPS > 0)) issue('expiresTicketNPS', VALIDATION.errorExpiresNPS);
    }

    // A redirect needs both its time and its queue.
    if (values.timeSendQueue > 0 && values.sendIdQueue === null)
      issue('sendIdQueue', VALIDATION.errorSendQueue);
    if (values.sendIdQueue !== null && !(values.timeSendQueue > 0))
      issue('timeSendQueue', VALIDATION.errorSendQueue);

    if (values.timeInactiveMessage > 0 && !(values.expiresTicket > 0))
      issue('expiresTicket', VALIDATION.required);

    if (values.enableImportMessage) {
      if (values.queueIdImportMessages === null) issue('queueIdImportMessages', VALIDATION.required);
      const oldest = time(values.importOldMessages);
      const newest = time(values.importRecentMessages);
      if (Number.isNaN(oldest)) issue('importOldMessages', VALIDATION.required);
      else if (
        isNew('importOldMessages') &&
        (oldest < earliestImportDate(context.now).getTime() || oldest > now + CLOCK_SLACK_MS)
      )
        issue('importOldMessages', VALIDATION.importOldMessagesRange);
      if (Number.isNaN(newest)) issue('importRecentMessages', VALIDATION.required);
      else if (
        (isNew('importRecentMessages') || isNew('importOldMessages')) &&
        (newest < oldest || newest > now + CLOCK_SLACK_MS)
      )
        issue('importRecentMessages', VALIDATION.importRecentMessagesRange);
    }

    if (!blank(values.collectiveVacationMessage)) {
      const start = time(values.collectiveVacationStart);
      const end = time(values.collectiveVacationEnd);
      const earliest = earliestVacationDate(context.now).getTime();
      if (Number.isNaN(start)) issue('collectiveVacationStart', VALIDATION.required);
      else if (isNew('collectiveVacationStart') && start < earliest)
        issue('collectiveVacationStart', VALIDATION.vacationTooEarly);
      if (Number.isNaN(end)) issue('collectiveVacationEnd', VALIDATION.required);
      else if (end < start) issue('collectiveVacationEnd', VALIDATION.shiftEndBeforeStart);
      else if (isNew('collectiveVacationEnd') && end < earliest)
        issue('collectiveVacationEnd', VALIDATION.vacationTooEarly);
    }
  };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 2-administration §9: a connection's token is 30 random letters and digits. */
export const CONNECTION_TOKEN_LENGTH = 30;

/** A new connection token (Web Crypto: the same in the server and the browser). */
export function randomConnectionToken(): string {
  let token = '';
  while (token.length < CONNECTION_TOKEN_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(CONNECTION_TOKEN_LENGTH))) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && token.length < CONNECTION_TOKEN_LENGTH) token += ALPHANUMERIC[byte % 62];
    }
  }
  return token;
}
