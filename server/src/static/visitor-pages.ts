import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CONSENT_COOKIE } from '@shared/consent/consent.js';
import type { FeedEntry } from '@shared/feed/feed.js';
import { findRoute, type ScreenName } from '@shared/routing/routes.js';
import type { StartAnswer } from '@shared/start/start.js';
import { readSessionCookies } from '../auth/session-cookies.js';
import { AppError } from '../common/errors/app-error.js';
import { requestCookies } from '../common/http/request-cookies.js';
import { IdPipe } from '../common/validation/id.pipe.js';

/** Where the client build writes the server's drawing of pages (`vite build --ssr`), beside the client. */
export const SERVER_PAGE_MODULE = join('..', 'client-ssr', 'renderServerPage.js');

/** Where index.html has the loading screen that a drawn page replaces, and room for its state. */
const PAGE_START = '<!--page-->';
const PAGE_END = '<!--/page-->';
const PAGE_STATE = '<!--page-state-->';

/**
 * The screens a visitor's first view of which is drawn on the server (the ones people arrive on),
 * each with its page module: its stylesheets are linked in the page's head, so the drawn markup is
 * styled at the first paint and does not move when the screen's chunk arrives.
 */
const DRAWN_SCREENS = new Map<ScreenName, string>([
  ['landing', 'src/pages/LandingPage.tsx'],
  ['login', 'src/pages/LoginPage.tsx'],
  ['signup', 'src/pages/SignupPage.tsx'],
  ['post', 'src/pages/PostPage.tsx'],
]);

/** Vite's build manifest (`build.manifest`): each module's file, static imports and stylesheets. */
type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;
const MANIFEST_FILE = join('.vite', 'manifest.json');
/** Loads the app's scripts once a drawn page is painted (client/public). */
const AFTER_PAINT_SCRIPT = 'start-after-paint.js';

/** A drawn page is reused while the state it was drawn from is the same; a post's for a few seconds. */
const CACHED_PAGES = 500;
const STATIC_PAGE_TTL_MS = 10 * 60_000;
const POST_PAGE_TTL_MS = 5_000;

/**
 * A drawn page, compressed once when drawn: compressing its 10–20 KB on every request, as the
 * compression plugin would, cost more than the rest of the answer.
 */
export interface DrawnPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(text: string): DrawnPage {
  const html = Buffer.from(text);
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** The body to send for the request's Accept-Encoding, and its encoding (null: as it is). */
export function encodedFor(
  page: DrawnPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) return { body: page.br, encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: page.gzip, encoding: 'gzip' };
  return { body: page.html, encoding: null };
}

interface ServerPageModule {
  renderServerPage(input: {
    url: string;
    state: { start: StartAnswer; entry: FeedEntry | null };
    cookieHeader: string;
  }): Promise<{ root: string; state: string }>;
}

/** What a visitor's page is drawn from: the same answers the client would otherwise ask for. */
export interface VisitorPageSources {
  /** The visitor's /data/start answer. */
  start(address: string): Promise<StartAnswer>;
  /** The post as the visitor's GET /data/posts/:pid/entry answers it (an AppError when they may not see it). */
  postEntry(pid: number): Promise<FeedEntry>;
  inMaintenance(): boolean;
}

/**
 * A visitor's (no session cookie) landing, login, signup and post pages come with the screen
 * already drawn inside `#root`, and the state it was drawn from beside it: the largest text shows
 * at the first paint instead of after the scripts and /data/start, and the client hydrates the
 * markup in place (client/src/main.tsx). Members, other screens, a post the visitor may not see,
 * site announcements (a visitor's dismissals live in the browser) and maintenance get the plain
 * index.html as before. Drawn pages are cached by their path and state, so a repeat costs
 * a string comparison rather than a render.
 */
export class VisitorPages {
  private readonly cache = new LRUCache<string, DrawnPage>({ max: CACHED_PAGES });

  private constructor(
    private readonly template: { head: Map<ScreenName, string>; between: string; after: string },
    private readonly renderer: ServerPageModule,
    private readonly sources: VisitorPageSources,
  ) {}

  /** Null when the client build has no server module or its index.html has no place for a page. */
  static async load(clientDistDir: string, indexHtml: string, sources: VisitorPageSources): Promise<VisitorPages | null> {
    const modulePath = resolve(clientDistDir, SERVER_PAGE_MODULE);
    const start = indexHtml.indexOf(PAGE_START);
    const end = indexHtml.indexOf(PAGE_END);
    const state = indexHtml.indexOf(PAGE_STATE);
    const manifestPath = join(clientDistDir, MANIFEST_FILE);
    const loader = join(clientDistDir, AFTER_PAINT_SCRIPT);
    if (!existsSync(modulePath) || !existsSync(manifestPath) || !existsSync(loader) || start < 0 || end < start || state < end)
      return null;
    const renderer = (await import(pathToFileURL(modulePath).href)) as ServerPageModule;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
    // Nothing but the drawn markup may stand inside #root, or hydration would meet text it did not render.
    const before = indexHtml.slice(0, start).trimEnd();
    const template = {
      head: new Map([...DRAWN_SCREENS].map(([screen, module]) => [screen, withScreenLinks(before, manifest, module)])),
      between: indexHtml.slice(end + PAGE_END.length, state).trimStart(),
      after: indexHtml.slice(state + PAGE_STATE.length),
    };
    return new VisitorPages(template, renderer, sources);
  }

  /** The drawn page for this request, or null to send the plain index.html. */
  async pageFor(request: FastifyRequest): Promise<DrawnPage | null> {
    const sessions = readSessionCookies(request);
    if (sessions.active !== null || sessions.others.length > 0 || this.sources.inMaintenance()) return null;
    const pathname = request.url.split('?')[0];
    const match = findRoute(pathname);
    const head = match && this.template.head.get(match.route.screen);
    if (!match || !head) return null;
    const start = await this.sources.start(request.ip);
    if (start.website.announcements.length > 0) return null;
    let entry: FeedEntry | null = null;
    if (match.route.screen === 'post') {
      entry = await this.visibleEntry(match.params.pid);
      if (!entry) return null;
    }
    // Of the visitor's cookies only the consent answer changes the page (the banner); the others
    // (tracking ids) differ for every visitor and would defeat the cache.
    const consent = requestCookies(request)[CONSENT_COOKIE];
    const cookieHeader = consent === undefined ? '' : `${CONSENT_COOKIE}=${consent}`;
    const state = { start, entry };
    // Drawn from the path alone: no drawn screen reads the query string as it renders (a referral
    // code is read by an effect, after hydration), and keying by it would let every made-up query
    // string cost a render.
    const key = `${pathname}\n${cookieHeader}\n${JSON.stringify(state)}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const page = await this.renderer.renderServerPage({ url: pathname, state, cookieHeader });
    const drawn = compressed(head + page.root + this.template.between + page.state + this.template.after);
    this.cache.set(key, drawn, { ttl: entry ? POST_PAGE_TTL_MS : STATIC_PAGE_TTL_MS });
    return drawn;
  }

  /**
   * The post when the visitor may see it, by the same rule as the API's. A refusal, or the
   * database being unavailable, is null: the client's own call then answers as it would anyway.
   */
  private async visibleEntry(param: string | undefined): Promise<FeedEntry | null> {
    try {
      return await this.sources.postEntry(new IdPipe().transform(param ?? ''));
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
}

/**
 * The page's head with the screen's stylesheets and chunks linked (those index.html does not link
 * already): styled at the first paint, and the chunk that hydrates the screen fetched at once.
 */
function withScreenLinks(head: string, manifest: BuildManifest, module: string): string {
  const styles = new Set<string>();
  const chunks = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || chunks.has(entry.file)) return;
    chunks.add(entry.file);
    for (const css of entry.css ?? []) styles.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(module);
  const linked = (file: string) => head.includes(`"/${file}"`);
  const links = [
    ...[...styles].filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...chunks].filter((file) => !linked(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const end = head.indexOf('</head>');
  const linkedHead = end < 0 ? head : `${head.slice(0, end)}  ${links.join('\n    ')}\n  ${head.slice(end)}`;
  return scriptsAfterPaint(linkedHead);
}

/**
 * The drawn page shows without its scripts: the entry (some 90 KB) and its chunks are asked for
 * once the page is painted (client/public/start-after-paint.js), so the first paint waits only for
 * the page and its stylesheets, not for them sharing a slow line. They are named in links the
 * browser does not fetch by itself.
 */
function scriptsAfterPaint(head: string): string {
  return head
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, '<link rel="app-entry" href="$1">')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="app-module" href=')
    .replace('</head>', `  <script defer src="/${AFTER_PAINT_SCRIPT}"></script>\n  </head>`);
}
