/**
 * Payroc's ORDERID holds at most 24 characters, and an order's id is a UUID (36): the UUID's
 * 128 bits are sent in base 62, always 22 letters and digits, and read back the same way.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 22;
const BASE = 62n;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toPayrocOrderId(uuid: string): string {
  let value = BigInt(`0x${uuid.replace(/-/g, '')}`);
  let digits = '';
  while (value > 0n) {
    digits = DIGITS[Number(value % BASE)] + digits;
    value /= BASE;
  }
  return digits.padStart(LENGTH, '0');
}

/** The UUID a Payroc ORDERID stands for, or null when it is not one this app sent. */
export function fromPayrocOrderId(orderId: string): string | null {
  if (orderId.length !== LENGTH) return null;
  let value = 0n;
  for (const char of orderId) {
    const digit = DIGITS.indexOf(char);
    if (digit < 0) return null;
    value = value * BASE + BigInt(digit);
  }
  if (value >= 1n << 128n) return null;
  const hex = value.toString(16).padStart(32, '0');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(uuid) ? uuid : null;
}
