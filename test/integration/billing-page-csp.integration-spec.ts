import { useTestApp } from '../support/use-test-app.js';

/** A server with a Payroc terminal configured, on a custom page address. */
const testApp = useTestApp({
  billing: {
    payroc: {
      terminalId: '3204004',
      secret: 'terminal-secret-for-tests-0123',
      testMode: true,
      pageUrl: 'https://hpp.payments.example.test/merchant/paymentpage',
      gatewayUrl: 'https://hpp.payments.example.test/merchant/xmlpayment',
    },
    local: { secret: 'local-secret-for-tests-0123' },
  },
});

const formActionOf = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('form-action '));

describe("the billing page's CSP with Payroc configured", () => {
  it("lets the checkout form POST to the configured Payroc page's origin, and nowhere else", async () => {
    const page = await fetch(`${testApp.baseUrl}/billing`);
    expect(formActionOf(page.headers.get('content-security-policy'))).toBe(
      "form-action 'self' https://hpp.payments.example.test",
    );
  });

  it('keeps /data answers locked down', async () => {
    const answer = await fetch(`${testApp.baseUrl}/data/start`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
