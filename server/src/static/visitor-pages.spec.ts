import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { StartAnswer } from '@shared/start/start.js';
import { VisitorPages } from './visitor-pages.js';

const INDEX_HTML =
  '<html><head><script type="module" crossorigin src="/assets/entry.js"></script></head>' +
  '<body><div id="root"><!--page--><p>Loading</p><!--/page--></div><!--page-state--></body></html>';

/**
 * A client build with a server module that numbers its renders, so a page served from the cache
 * shows the number of the render that drew it.
 */
function clientBuild(root: string): string {
  const client = join(root, 'client');
  mkdirSync(join(client, '.vite'), { recursive: true });
  mkdirSync(join(root, 'client-ssr'));
  writeFileSync(
    join(client, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/pages/LandingPage.tsx': { file: 'assets/landing.js' } }),
  );
  writeFileSync(join(client, 'start-after-paint.js'), '');
  writeFileSync(join(root, 'client-ssr', 'package.json'), '{"type":"module"}');
  writeFileSync(
    join(root, 'client-ssr', 'renderServerPage.js'),
    'let renders = 0;\nexport async function renderServerPage({ url }) {\n' +
      '  renders += 1;\n  return { root: `<p>render ${renders} of ${url}</p>`, state: "" };\n}\n',
  );
  return client;
}

const start = { website: { announcements: [] } } as unknown as StartAnswer;

function visitorRequest(url: string): FastifyRequest {
  return { url, ip: '203.0.113.7', headers: {}, cookies: {} } as unknown as FastifyRequest;
}

describe("a visitor's drawn pages", () => {
  const root = mkdtempSync(join(tmpdir(), 'visitor-pages-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are drawn once for a path whatever query string comes with it', async () => {
    const pages = await VisitorPages.load(clientBuild(root), INDEX_HTML, {
      start: async () => start,
      postEntry: async () => {
        throw new Error('no posts here');
      },
      inMaintenance: () => false,
    });
    if (!pages) throw new Error('the build was not taken');
    const html = async (url: string) => (await pages.pageFor(visitorRequest(url)))?.html.toString() ?? '';

    expect(await html('/')).toContain('<p>render 1 of /</p>');
    for (const url of ['/?ref=amara', '/?utm_source=mail&x=1', `/?${Math.random()}`])
      expect(await html(url)).toContain('<p>render 1 of /</p>');
    expect(await html('/login')).toContain('<p>render 2 of /login</p>');
  });
});
