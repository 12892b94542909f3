import { createHash } from 'node:crypto';
import { hashesMatch, payrocAmount, payrocDateTime, payrocRequestHash, payrocResponseHash } from './payroc-hash.js';

const sha512 = (value: string) => createHash('sha512').update(value).digest('hex');
const SECRET = 'example_secret_123';
const ORDER = '6f1c2d3e-0000-4000-8000-000000000001';

describe("Payroc's Hosted Payment Page hashes", () => {
  it("reproduces Payroc's published example: SHA-512 of the colon-joined values, secret last, in lowercase hex", () => {
    // Payroc's documented example (saving payment details: TERMINALID:MERCHANTREF:DATETIME:ACTION:SECRET).
    expect(sha512('3204004:561234:10-02-2026:09:14:54:058:register:example_secret_123')).toBe(
      'a674cad40ad2c6bb9421c053e254dbe5fa49335babd0360e15a7875b43c1dedb880df5ca000946a1376237a039bd36c33758c1a3a4c396a324d2534fbddacb44',
    );
  });

  it('signs a sale request over TERMINALID:ORDERID:AMOUNT:DATETIME:RECEIPTPAGEURL:VALIDATIONURL:SECRET', () => {
    const byHand =
      '3204004:' +
      `${ORDER}:` +
      '10.00:' +
      '10-02-2026:09:14:54:058:' +
      'https://surfex.example/data/payment/hook/payroc/receipt:' +
      'https://surfex.example/data/payment/hook/payroc/validation:' +
      SECRET;
    const hash = payrocRequestHash(
      {
        terminalId: '3204004',
        orderId: ORDER,
        amount: '10.00',
        dateTime: '10-02-2026:09:14:54:058',
        receiptPageUrl: 'https://surfex.example/data/payment/hook/payroc/receipt',
        validationUrl: 'https://surfex.example/data/payment/hook/payroc/validation',
      },
      SECRET,
    );
    expect(hash).toBe(sha512(byHand));
    expect(hash).toBe(
      'b378262e019ed2776293397e68b2fea3045f531233472a889ecdfb70428b838678bfcf39344036692e88bc8b2a6a41557da7a6ec7fbf6b38a4a3ecf2c686328c',
    );
  });

  it('checks an answer over TERMINALID:ORDERID:AMOUNT:DATETIME:RESPONSECODE:RESPONSETEXT:SECRET', () => {
    const byHand = `3204004:${ORDER}:10.00:10-02-2026:09:15:31:412:A:APPROVAL:${SECRET}`;
    const hash = payrocResponseHash(
      {
        terminalId: '3204004',
        orderId: ORDER,
        amount: '10.00',
        dateTime: '10-02-2026:09:15:31:412',
        responseCode: 'A',
        responseText: 'APPROVAL',
      },
      SECRET,
    );
    expect(hash).toBe(sha512(byHand));
    expect(hash).toBe(
      '34eb8ca87c55ac399e69e2353129d6e4872af4f7930b3a6dc2222c83dcdb4398336fdde94536bbec0df9fec43718e1019223eefc8885809ebac3428f7025065f',
    );
  });

  it('writes DATETIME as DD-MM-YYYY:HH:MM:SS:SSS in UTC and AMOUNT with two decimals', () => {
    expect(payrocDateTime(new Date('2026-02-10T09:14:54.058Z'))).toBe('10-02-2026:09:14:54:058');
    expect(payrocAmount(1000)).toBe('10.00');
    expect(payrocAmount(505)).toBe('5.05');
    expect(payrocAmount(7)).toBe('0.07');
  });

  it('matches hashes whatever the case of the hex digits, and refuses any other length or digit', () => {
    const hash = sha512('x');
    expect(hashesMatch(hash.toUpperCase(), hash)).toBe(true);
    expect(hashesMatch(hash.slice(0, -1), hash)).toBe(false);
    expect(hashesMatch(`${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`, hash)).toBe(false);
    expect(hashesMatch('', hash)).toBe(false);
  });
});
