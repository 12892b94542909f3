import { refundedLine, refundReasons } from './invalidTrafficText.js';

const NONE = { refunded: 0, creditsReturned: 0, byReason: [] };

describe("a campaign's views refunded as invalid", () => {
  it('says how many views, how many were refunded and the credits that came back', () => {
    expect(refundedLine(120, { refunded: 4, creditsReturned: 4, byReason: [{ reason: 'shared_device', views: 4 }] })).toBe(
      '120 views · 4 refunded as invalid (4 credits returned)',
    );
    expect(refundedLine(1, { refunded: 1, creditsReturned: 1, byReason: [] })).toBe(
      '1 view · 1 refunded as invalid (1 credit returned)',
    );
    expect(refundedLine(12_345, { refunded: 1_200, creditsReturned: 1_200, byReason: [] })).toBe(
      '12,345 views · 1,200 refunded as invalid (1,200 credits returned)',
    );
  });

  it('says quietly when nothing was refunded', () => {
    expect(refundedLine(0, NONE)).toBe('0 views · No views refunded');
    expect(refundedLine(57, NONE)).toBe('57 views · No views refunded');
  });

  it("names each category in the advertiser's words, keeping the server's order", () => {
    expect(
      refundReasons({
        refunded: 5,
        creditsReturned: 5,
        byReason: [
          { reason: 'shared_address', views: 4 },
          { reason: 'admin', views: 1 },
        ],
      }),
    ).toEqual([
      { reason: 'shared_address', label: 'Several accounts earning from one network address', views: '4 views' },
      { reason: 'admin', label: 'Refunded by the team after a review', views: '1 view' },
    ]);
    expect(refundReasons(NONE)).toEqual([]);
  });
});
