import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../server/src/app.factory.js';
import { loadConfig, type AppConfig } from '../../server/src/config/app-config.js';
import { XHR_HEADER, XHR_HEADER_VALUE } from '../../shared/api/headers.js';
import type { Envelope } from '../../shared/api/envelope.js';
import { planTestDatabase, type PlannedTestDatabase, type TestDatabase } from './test-postgres.js';

export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database of its own (`database`, made here; a new one by default),
 * listening on a free loopback port. Test files use it through `useTestApp`.
 */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  database: PlannedTestDatabase = planTestDatabase(adminDatabaseUrl(), 'it'),
): Promise<TestApp> {
  await database.create();
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl: database.url,
    clientDistDir: 'dist/does-not-exist',
    // The earnings review voids views at moments of its own: a test runs it when it means to (reviewNow).
    earningsReviewIntervalSeconds: 0,
    ...overrides,
  };
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  config.publicUrl ??= `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The PostgreSQL server the tests make their databases on. */
export function adminDatabaseUrl(): string {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set: run the tests through `npm test`, which provides one');
  return adminUrl;
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  xhr?: boolean;
}

/** A /data call as the app's client makes it (XHR marker on, JSON body), answered as the envelope. */
export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.xhr !== false) headers[XHR_HEADER] = XHR_HEADER_VALUE;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? 'GET';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  noteAnswer(method, path, response.status);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope<T>, headers: response.headers };
}

/**
 * Every answer with a 5xx status this test file received through `call` or `fetchRaw`. A
 * server error is always a bug, whatever the test was about: files end by asserting this is empty.
 */
export const serverErrors: string[] = [];

function noteAnswer(method: string, path: string, status: number): void {
  if (status >= 500) serverErrors.push(`${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path} → ${status}`);
}

/** A plain fetch to the test server (non-envelope answers such as /media files), also watched for 5xx. */
export async function fetchRaw(baseUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, init);
  noteAnswer(init.method ?? 'GET', path, response.status);
  return response;
}
