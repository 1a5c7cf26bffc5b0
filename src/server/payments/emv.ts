/**
 * The Pix BR Code (the EMV QR code payload the Central Bank's manual specifies): fields as id, two-digit
 * length and value, closed by a CRC16-CCITT of everything before it. The fake bank makes its payloads with
 * it; Efí answers its own.
 */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), four upper-case hex digits. */
export function crc16(text: string) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Letters the field may hold: no accents, at most `max` characters. */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7E]/g, '')
    .slice(0, max);

export function pixPayload(charge: {
  key: string;
  amount: string;
  name: string;
  city: string;
  txid: string;
}) {
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', charge.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', charge.amount) +
    field('58', 'BR') +
    field('59', plain(charge.name, 25)) +
    field('60', plain(charge.city, 15)) +
    field('62', field('05', charge.txid.slice(0, 25)));
  return `${body}6304${crc16(`${body}6304`)}`;
}
