import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ErrorCode } from '@shared/api/error-codes.js';
import { REFUSED_ANSWER_PARAM } from '@shared/billing/billing.js';
import { ASSETS_BASE } from '@shared/constants/layout.js';
import { findRoute } from '@shared/routing/routes.js';
import { AppError } from '../common/errors/app-error.js';
import { markPageRoutes } from '../common/http/route-hooks.js';
import { isDataPath } from '../common/http/protocol-hooks.js';
import { pageHelmetOptions } from './page-security.js';
import { encodedFor, VisitorPages, type DrawnPage, type VisitorPageSources } from './visitor-pages.js';

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';
const SEE_OTHER = 303;

const CLIENT_NOT_BUILT = Buffer.from(
  '<!doctype html><html lang="en"><title>Client not built</title><main><h1>The client is not built</h1>' +
    '<p>Run <code>npm run build</code>, then start the server again.</p></main></html>',
);

/**
 * Serves the built client: files as they are (pre-compressed .br/.gz when the build made them),
 * hashed assets cached for a year, and index.html for every client route. Addresses that match
 * no route of the shared table still get the app (it renders the not-found page) but with 404.
 * Its own plugin context carries helmet, so only pages pay for helmet's per-request headers.
 */
/**
 * Addresses that are both a page and an answer (a provider sends its customer back to a page of
 * the app): the handler answers where to send the browser, or null to show the page. An answer
 * it refuses (an AppError under 500: not well formed, not signed, not this order's) sends the
 * browser back to the page with `?refused=<code>`, which the page explains: a customer's browser
 * is never shown the API's JSON.
 */
export type PageAnswers = Record<string, (query: unknown) => Promise<string | null>>;

export async function registerClientApp(
  fastify: FastifyInstance,
  clientDistDir: string,
  pageAnswers: PageAnswers = {},
  formTargets: readonly string[] = [],
  visitorPages?: VisitorPageOptions,
): Promise<void> {
  await fastify.register(async (pages) => {
    // Nest sets the root's error handler (the envelope filter) only at init, after this
    // context exists; look it up per error so unknown /data paths still answer the envelope.
    pages.setErrorHandler((error, request, reply) => fastify.errorHandler(error, request, reply));
    markPageRoutes(pages);
    await pages.register(fastifyHelmet, pageHelmetOptions(formTargets));
    await registerPages(pages, clientDistDir, pageAnswers, visitorPages);
  });
}

/** Visitors' pages drawn on the server (visitor-pages.ts); a failure to draw one is logged and the plain page sent. */
export interface VisitorPageOptions {
  sources: VisitorPageSources;
  logger: Logger;
}

async function registerPages(
  fastify: FastifyInstance,
  clientDistDir: string,
  pageAnswers: PageAnswers,
  visitorPageOptions: VisitorPageOptions | undefined,
): Promise<void> {
  const root = resolve(clientDistDir);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await fastify.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${sep}assets${sep}`) ? HASHED_ASSET_CACHE : OTHER_FILE_CACHE);
      },
    });
  }
  const indexHtml = built ? readFileSync(indexFile) : CLIENT_NOT_BUILT;
  const visitorPages =
    built && visitorPageOptions ? await VisitorPages.load(root, indexHtml.toString('utf8'), visitorPageOptions.sources) : null;

  const sendPage = (reply: FastifyReply, status: number, html: Buffer = indexHtml) =>
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  const drawnPage = async (request: FastifyRequest): Promise<DrawnPage | null> => {
    if (!visitorPages) return null;
    try {
      return await visitorPages.pageFor(request);
    } catch (error) {
      visitorPageOptions?.logger.error({ err: error, reqId: request.id }, 'Drawing a visitor page failed; sent the plain page');
      return null;
    }
  };

  for (const [path, answer] of Object.entries(pageAnswers)) {
    fastify.get(path, async (request, reply) => {
      let location: string | null;
      try {
        location = await answer(request.query);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        return reply.redirect(`${path}?${new URLSearchParams({ [REFUSED_ANSWER_PARAM]: error.code }).toString()}`, SEE_OTHER);
      }
      return location === null ? sendPage(reply, 200) : reply.redirect(location, SEE_OTHER);
    });
  }

  fastify.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const match = findRoute(pathname);
    if (!match && (isDataPath(pathname) || pathname.startsWith(ASSETS_BASE))) {
      throw new AppError(ErrorCode.NotFound, 'Not found', 'What you asked for does not exist.');
    }
    if (!match) return sendPage(reply, 404);
    const drawn = await drawnPage(request);
    if (!drawn) return sendPage(reply, 200);
    const { body, encoding } = encodedFor(drawn, request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return sendPage(reply, 200, body);
  });
}
