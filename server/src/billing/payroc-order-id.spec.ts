import { fromPayrocOrderId, toPayrocOrderId } from './payroc-order-id.js';

describe("an order's id as Payroc's ORDERID", () => {
  it('fits in 24 letters and digits and reads back as the same UUID', () => {
    for (const uuid of [
      '6f1c2d3e-0000-4000-8000-000000000001',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      crypto.randomUUID(),
    ]) {
      const orderId = toPayrocOrderId(uuid);
      expect(orderId).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(fromPayrocOrderId(orderId)).toBe(uuid);
    }
  });

  it('reads nothing from an ORDERID this app did not send', () => {
    expect(fromPayrocOrderId('short')).toBeNull();
    expect(fromPayrocOrderId('!'.repeat(22))).toBeNull();
    expect(fromPayrocOrderId('z'.repeat(22))).toBeNull();
  });
});
