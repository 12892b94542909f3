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

  async call<T = unknown>(path: string, options: CallOptions = {}): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
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
}
