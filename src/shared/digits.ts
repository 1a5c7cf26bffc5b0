// Apart from phone-number.ts so that what only strips digits (the contract's schemas, the web client's
// caches) does not bring libphonenumber and its metadata along.

/** The digits of a typed number: "+55 (11) 91234-5678" → "5511912345678". */
export const digitsOf = (text: string) => text.replace(/\D/g, '');
