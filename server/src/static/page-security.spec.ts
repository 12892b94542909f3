import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { PAYROC_PAGE_URLS } from '../config/app-config.js';
import { formActionOrigins, pageHelmetOptions } from './page-security.js';

async function formActionOf(formTargets?: readonly string[]): Promise<string[]> {
  const fastify = Fastify();
  await fastify.register(fastifyHelmet, pageHelmetOptions(formTargets));
  fastify.get('/billing', async () => 'page');
  const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
  const reply = await fetch(`${address}/billing`);
  await fastify.close();
  const csp = reply.headers.get('content-security-policy') ?? '';
  const directive = csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('form-action '));
  return directive ? directive.split(' ').slice(1) : [];
}

describe("the pages' form-action policy", () => {
  it('lets forms go only to the app itself when no payment page is configured', async () => {
    expect(await formActionOf()).toEqual(["'self'"]);
  });

  it("lets the checkout form POST to the configured Payroc page's origin, in its test and live environments", async () => {
    expect(await formActionOf([PAYROC_PAGE_URLS.test])).toEqual(["'self'", 'https://payments.uat.payroc.com']);
    expect(await formActionOf([PAYROC_PAGE_URLS.live])).toEqual(["'self'", 'https://payments.payroc.com']);
    expect(await formActionOf(['https://pay.example.test:8443/hpp/page?x=1'])).toEqual([
      "'self'",
      'https://pay.example.test:8443',
    ]);
  });

  it('never widens the policy to plain http, other schemes or words that are not addresses', () => {
    expect(formActionOrigins(['http://payments.example.test/page', 'javascript:alert(1)', "'unsafe-inline'", '*', ''])).toEqual(
      [],
    );
    expect(formActionOrigins([PAYROC_PAGE_URLS.live, PAYROC_PAGE_URLS.live])).toEqual(['https://payments.payroc.com']);
  });
});
