import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Payroc's Hosted Payment Page hashes: SHA-512, in lowercase hex, over the field values joined
 * with colons in the order Payroc documents, the terminal secret last.
 */

/** The fields of a sale request, as posted to the Hosted Payment Page. */
export interface PayrocRequestFields {
  terminalId: string;
  orderId: string;
  amount: string;
  dateTime: string;
  receiptPageUrl: string;
  validationUrl: string;
}

/** The fields of a sale's answer (the receipt page's query, or the background validation). */
export interface PayrocResponseFields {
  terminalId: string;
  orderId: string;
  amount: string;
  dateTime: string;
  responseCode: string;
  responseText: string;
}

const sha512 = (value: string) => createHash('sha512').update(value, 'utf8').digest('hex');

/** TERMINALID:ORDERID:AMOUNT:DATETIME:RECEIPTPAGEURL:VALIDATIONURL:SECRET */
export function payrocRequestHash(fields: PayrocRequestFields, secret: string): string {
  const { terminalId, orderId, amount, dateTime, receiptPageUrl, validationUrl } = fields;
  return sha512([terminalId, orderId, amount, dateTime, receiptPageUrl, validationUrl, secret].join(':'));
}

/** TERMINALID:ORDERID:AMOUNT:DATETIME:RESPONSECODE:RESPONSETEXT:SECRET */
export function payrocResponseHash(fields: PayrocResponseFields, secret: string): string {
  const { terminalId, orderId, amount, dateTime, responseCode, responseText } = fields;
  return sha512([terminalId, orderId, amount, dateTime, responseCode, responseText, secret].join(':'));
}

/** The fields of an XML gateway REFUND request. */
export interface PayrocRefundFields {
  terminalId: string;
  uniqueRef: string;
  amount: string;
  dateTime: string;
}

/** TERMINALID:UNIQUEREF:AMOUNT:DATETIME:SECRET (the XML gateway's REFUND). */
export function payrocRefundHash(fields: PayrocRefundFields, secret: string): string {
  const { terminalId, uniqueRef, amount, dateTime } = fields;
  return sha512([terminalId, uniqueRef, amount, dateTime, secret].join(':'));
}

/** Payroc's DATETIME: DD-MM-YYYY:HH:MM:SS:SSS, in UTC. */
export function payrocDateTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(date.getUTCDate())}-${two(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}:` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}:` +
    String(date.getUTCMilliseconds()).padStart(3, '0')
  );
}

/** Payroc's AMOUNT: major units with two decimals ("10.00") from minor units. */
export function payrocAmount(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/**
 * Compares a received hex hash with the expected one in constant time (case-insensitive, as
 * hex digits are), so the time taken tells nothing about how much of it was right.
 */
export function hashesMatch(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
