import type { Envelope } from '../../shared/api/envelope.js';
import { call, type CallOptions } from './test-app.js';

/**
 * A browser as far as the server can tell: it keeps the cookies the server sets and sends
 * them back, like a real one (httpOnly or not), so sessions work across calls.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call<T = unknown>(
    path: string,
    options: CallOptions = {},
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const result = await call<T>(this.baseUrl, path, {
      ...options,
      headers: { ...this.headers, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const header of result.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0$/i.test(a));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return result;
  }

  get<T = unknown>(path: string) {
    return this.call<T>(path);
  }

  post<T = unknown>(path: string, json?: unknown) {
    return this.call<T>(path, { method: 'POST', json: json ?? {} });
  }

  put<T = unknown>(path: string, json?: unknown) {
    return this.call<T>(path, { method: 'PUT', json: json ?? {} });
  }

  delete<T = unknown>(path: string) {
    return this.call<T>(path, { method: 'DELETE' });
  }

  /** The active session cookie's value, as the browser holds it. */
  get sid(): string | undefined {
    return this.cookies.get('sid');
  }

  /** A form upload of one file, as the picture form sends it (multipart, XHR marker on). */
  upload<T = unknown>(
    path: string,
    field: string,
    file: { bytes: Uint8Array; name: string; type: string },
    options: Omit<CallOptions, 'body' | 'json'> = {},
  ) {
    const form = new FormData();
    form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
    return this.call<T>(path, { method: 'POST', ...options, body: form });
  }

  /** A new browser that arrives carrying these cookies (a copied or attacker-chosen session cookie). */
  static withCookies(baseUrl: string, cookies: Record<string, string>, headers: Record<string, string> = {}): TestBrowser {
    const browser = new TestBrowser(baseUrl, headers);
    for (const [name, value] of Object.entries(cookies)) browser.cookies.set(name, value);
    return browser;
  }
}
