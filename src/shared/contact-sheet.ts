// An exported sheet has the import's columns, in order: the import screen maps them back by header.
import { type Contact, IMPORT_FIELDS, type ImportField, type ImportMapping } from './api/contacts';

/** Tags in one cell, as the import reads them back. */
export const joinTagNames = (tags: Contact['tags']) => tags.map((t) => t.name).join(', ');

/** A contact's cells, in the columns' order. */
export const contactSheetRow = (c: Pick<Contact, 'name' | 'number' | 'email' | 'tags'>) => [
  c.name,
  c.number,
  c.email,
  joinTagNames(c.tags),
];

/** The header row, in the reader's language. */
export const contactSheetHeader = (headers: Record<ImportField, string>) =>
  IMPORT_FIELDS.map((f) => headers[f]);

/** Header words per field in the product's languages and common spreadsheets, compared without accents. */
const HEADER_WORDS: Record<ImportField, string[]> = {
  name: ['name', 'nome', 'nombre', 'isim', 'ad', 'ad soyad', 'contato', 'contact', 'contacto', 'kisi'],
  number: [
    'number',
    'numero',
    'phone',
    'telefone',
    'telefono',
    'celular',
    'whatsapp',
    'mobile',
    'telefon',
    'numara',
  ],
  email: ['email', 'e-mail', 'correo', 'e-posta', 'eposta', 'mail'],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'etiketler', 'etiket'],
};

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ı/g, 'i')
    .trim()
    .toLowerCase();

/** The mapping a sheet's headers suggest; the screen lets the user change it. */
export function guessMapping(columns: string[]): Partial<ImportMapping> {
  const mapping: Partial<ImportMapping> = {};
  const headers = columns.map(plain);
  for (const field of IMPORT_FIELDS) {
    const index = headers.findIndex(
      (h, i) => HEADER_WORDS[field].includes(h) && !Object.values(mapping).includes(i),
    );
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}
