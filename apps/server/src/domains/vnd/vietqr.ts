/**
 * VietQR: the NAPAS profile of the EMVCo merchant-presented QR code that Vietnamese banking apps
 * scan to fill in a transfer (bank, account, amount and message). A payload is a run of fields,
 * each its two-digit id, its two-digit length and its value, closed by a CRC-16/CCITT-FALSE
 * checksum over everything before it (the `6304` of the checksum field included).
 */

/** NAPAS's application id in field 38. */
export const NAPAS_GUID = 'A000000727';
/** Service code of a transfer to an account (field 38-02). */
export const TO_ACCOUNT = 'QRIBFTTA';

export interface VietQrTransfer {
  /** The receiving bank's 6-digit BIN (NAPAS acquirer id). */
  bin: string;
  /** The receiving account number (digits). */
  account: string;
  /** The amount in whole VND (no decimals); omitted: the payer types it. */
  amountVnd?: string;
  /** The transfer's message (the deposit's reference code). */
  message?: string;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload of a transfer: dynamic (12) when it carries an amount, static (11) otherwise. */
export function vietQrPayload(t: VietQrTransfer): string {
  if (!/^\d{6}$/.test(t.bin)) throw new RangeError('a bank BIN is 6 digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(t.account)) throw new RangeError('an account is 1–19 characters');
  if (t.amountVnd !== undefined && !/^[1-9]\d{0,12}$/.test(t.amountVnd))
    throw new RangeError('a VND amount is a whole number above 0');
  const beneficiary = field('00', t.bin) + field('01', t.account);
  const merchant = field('00', NAPAS_GUID) + field('01', beneficiary) + field('02', TO_ACCOUNT);
  let body =
    field('00', '01') +
    field('01', t.amountVnd === undefined ? '11' : '12') +
    field('38', merchant) +
    field('53', '704');
  if (t.amountVnd !== undefined) body += field('54', t.amountVnd);
  body += field('58', 'VN');
  if (t.message) body += field('62', field('08', t.message));
  const unsigned = `${body}6304`;
  return unsigned + crc16(unsigned);
}

/** A payload's fields by id (nested ones by their own ids), for tests and tools. */
export function readFields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length))
      throw new RangeError(`malformed field at ${String(i)}`);
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

/** Whether a payload's last field is the right checksum of what comes before it. */
export function checksumOk(payload: string): boolean {
  const at = payload.length - 8;
  return (
    payload.slice(at, at + 4) === '6304' &&
    crc16(payload.slice(0, at + 4)) === payload.slice(at + 4)
  );
}
