/** The digits of a typed number: "+55 (11) 91234-5678" → "5511912345678". */
export const digitsOf = (text: string) => text.replace(/\D/g, '');
