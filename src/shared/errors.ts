// 1-attendance §8 and 2-administration §8: the error codes the client translates.
export const ERROR_CODES = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  // Two-factor sign-in: the code step, a wrong code, enrolment asked by the company, enrolment states.
  'ERR_2FA_REQUIRED',
  'ERR_2FA_INVALID_CODE',
  'ERR_2FA_ENROLMENT_REQUIRED',
  'ERR_2FA_ALREADY_ENABLED',
  'ERR_2FA_NOT_STARTED',
  'ERR_2FA_REQUIRED_BY_COMPANY',
  // An inactive company's users do not sign in.
  'ERR_COMPANY_INACTIVE',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_SESSION_REPLACED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_QUEUE_NAME_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  // Codes of our own, for answers the spec leaves open.
  'ERR_UNAUTHENTICATED',
  'ERR_SIGNUP_DISABLED',
  'ERR_EMAIL_ALREADY_EXISTS',
  'ERR_USER_LIMIT_REACHED',
  'ERR_NO_PLAN_FOUND',
  // Plans: a plan companies are on cannot be deleted; a plan's name is unique.
  'ERR_PLAN_IN_USE',
  'ERR_PLAN_NAME_ALREADY_EXISTS',
  // Companies: the platform's own company (1) is never deleted.
  'ERR_PLATFORM_COMPANY',
  // 2-administration §4.2: a company past its due date reaches only sign-in and billing (402).
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_NO_HELP_FOUND',
  'ERR_NO_ANNOUNCEMENT_FOUND',
  'ERR_NO_COMPANY_FOUND',
  'ERR_INVALID_FILE',
  'ERR_FILE_TOO_LARGE',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_NOT_FOUND',
  'ERR_INTERNAL',
  // 1-attendance §4: closing needs a tag when requiredTag is on; own messages are editable for 15 minutes.
  'ERR_TICKET_REQUIRES_TAG',
  'ERR_EDIT_WINDOW_EXPIRED',
  // Tags: a name is unique per company.
  'ERR_NO_TAG_FOUND',
  'ERR_TAG_NAME_ALREADY_EXISTS',
  // Queues: the plan's queue limit (2-administration §3 Plan.queues).
  'ERR_QUEUE_LIMIT_REACHED',
  // Connections: the plan's connection limit (2-administration §3 Plan.connections).
  'ERR_CONNECTION_LIMIT_REACHED',
  // Connections: a pairing code asked for a session that is already logged in.
  'ERR_WAPP_ALREADY_CONNECTED',
  // 3-automation §6: another user's shared, not general, quick message is read-only.
  'ERR_QUICK_MESSAGE_READ_ONLY',
  // The Graph API channels: the 24 h window, Facebook logins, templates.
  'ERR_REPLY_WINDOW_CLOSED',
  'ERR_FACEBOOK_NO_PAGES',
  'ERR_INSTAGRAM_NO_ACCOUNTS',
  'ERR_CHANNEL_ACCOUNT_IN_USE',
  // A connection token typed by hand that another connection (of any company) already uses.
  'ERR_WAPP_TOKEN_IN_USE',
  'ERR_GRAPH_REQUEST_FAILED',
  'ERR_NO_TEMPLATE_FOUND',
  // External API: a bearer that is no connection's token; a plan without useExternalApi.
  'ERR_INVALID_API_TOKEN',
  'ERR_EXTERNAL_API_DISABLED',
  // A route of a module the company's plan does not include (a contract route's `plan` flag).
  'ERR_PLAN_FEATURE_DISABLED',
  // Campaigns (3-automation §4): none with that id; a change past the edit lock; deleting one while it sends.
  'ERR_NO_CAMPAIGN_FOUND',
  'ERR_CAMPAIGN_LOCKED',
  'ERR_CAMPAIGN_IN_PROGRESS',
  // Billing (2-administration §2.9): no Pix provider configured; an invoice gone or already paid; the
  // provider failing or answering what it should not; a webhook call that is not the provider's.
  'ERR_BILLING_NOT_CONFIGURED',
  'ERR_NO_INVOICE_FOUND',
  'ERR_INVOICE_ALREADY_PAID',
  'ERR_PAYMENT_PROVIDER_FAILED',
  'ERR_INVALID_WEBHOOK',
  // 3-automation §3 contact lists: a list or member gone (or another company's); a number already in the list.
  'ERR_NO_CONTACT_LIST_FOUND',
  'ERR_CONTACT_LIST_NUMBER_EXISTS',
  // An import whose header names no number column.
  'ERR_CONTACT_LIST_NO_NUMBER_COLUMN',
  // Campaign runs (3-automation §4): cancel or restart from a status that does not allow it.
  'ERR_CAMPAIGN_STATUS',
  // Scheduled messages: one gone (or not the caller's to see); one whose first occurrence went out is
  // no longer edited; a company holiday's date is unique.
  'ERR_NO_SCHEDULE_FOUND',
  'ERR_SCHEDULE_ALREADY_SENT',
  'ERR_HOLIDAY_ALREADY_EXISTS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Validation messages exactly as the spec spells them (1-attendance §5, 2-administration §5). */
export const VALIDATION = {
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Invalid email',
  mandatory: 'Obrigatório',
  /** Ours: a colour that is not a hex colour (tags). */
  invalidColor: 'Invalid color',
  /** 1-attendance §5: a ticket dialog's queue was not chosen. */
  selectQueue: 'Selecione uma fila',
  /** Ours, service hours: a shift with only one of its two times. */
  shiftIncomplete: 'Fill in both times or neither',
  /** Ours, service hours: a shift that ends before it starts. */
  shiftEndBeforeStart: 'End must be after start',
  /** Ours, service hours: shift B starting before shift A ends. */
  shiftOrder: 'Shift B must start after shift A ends',
  /** 2-administration §8, connections: rating on without a rating message. */
  errorRatingMessage: 'errorRatingMessage',
  /** 2-administration §8, connections: rating on without the rating's expiry minutes. */
  errorExpiresNPS: 'errorExpiresNPS',
  /** 2-administration §8, connections: a redirect time without its queue, or the other way round. */
  errorSendQueue: 'errorSendQueue',
  /** Ours, 2-administration §5: the import's start lies between 2 years ago and now. */
  importOldMessagesRange: 'Between 2 years ago and now',
  /** Ours, 2-administration §5: the import's end lies between its start and now. */
  importRecentMessagesRange: 'Between the start date and now',
  /** Ours: a count or minutes field holding something else than a whole number. */
  wholeNumber: 'Enter a whole number',
  /** Ours: a number outside its field's allowed range (the helper text gives the range). */
  outOfRange: 'Out of range',
  /** Ours, 2-administration §9: a connection token is 30 letters and digits. */
  invalidToken: 'Invalid token',
  /** Ours, 2-administration §5: a collective vacation date not before 10 days ago. */
  vacationTooEarly: 'Not before 10 days ago',
  /** Ours: Graph API ids (a phone number id, a business account id) are digits. */
  digitsOnly: 'Digits only',
  /** 3-automation §5: a file list's name under 3 characters. */
  nameTooShort: 'nome muito curto',
  /** Ours, chatbot options: only a text option opens a level of options under it. */
  onlyTextHasOptions: 'Only text options have sub-options',
  /** Ours, plans: a price is an amount of money, at most two decimals. */
  invalidAmount: 'Enter an amount such as 49.90',
  /** Ours, help entries: a video that is neither a YouTube nor a Vimeo id or address. */
  invalidVideo: 'A YouTube or Vimeo address or id',
  /** 2-administration §5 Company: the name, e-mail messages the companies dialog shows. */
  companyNameRequired: 'Nome é obrigatório',
  companyEmailInvalid: 'Email é inválido',
  companyEmailRequired: 'E-mail é obrigatório',
  /** 2-administration §5, checkout step 1: the payer's full name. */
  fullNameRequired: 'O nome completo é obrigatório',
  /** Ours, checkout step 1: a CPF or CNPJ whose check digits do not match. */
  invalidDocument: 'Invalid CPF/CNPJ',
  /** 2-administration §5: a custom plan has at least 3 users and 3 connections. */
  customPlanMinimum: 'At least 3',
  /** 3-automation §5, 1-attendance §5: a scheduled message's body under 5 characters. */
  scheduleTooShort: 'Mensagem muito curta',
} as const;

/** The body of every error answer. `error` is a code, a spec validation message or a JSON string (409 ticket). */
export interface ErrorBody {
  error: string;
  issues?: { path: string; message: string }[];
}
