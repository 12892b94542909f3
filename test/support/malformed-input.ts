import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Generators of malformed /data requests for property-based tests: hostile strings and values,
 * bodies of every shape and content type, path parameters and query strings a router or a
 * parser may choke on.
 */

// ---------------------------------------------------------------------------------------------
// Strings and values

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** One UTF-16 unit or code point of any kind: NUL, lone surrogates and control characters included. */
const anyUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom('\u0000', '\u202e', '\ufeff', '\r\n', '%', '"', '\\') },
  { weight: 2, arbitrary: loneSurrogate },
);

/** Strings with what breaks storage or parsing (NUL, lone surrogates), look-alikes of valid values, odd words. */
export const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: anyUnit, maxLength: 30 }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'alice_1',
          'someone@example.test',
          'correct horse battery',
          'https://example.test/a',
          '/terms',
          'en',
          'music',
          '550e8400-e29b-41d4-a716-446655440000',
          'dQw4w9WgXcQ',
          '12',
        ),
        fc.constantFrom('', '\u0000', '\ud800', '\udfff', ' ', '\u0000x'),
        fc.boolean(),
      )
      .map(([valid, hostile, before]) => (before ? hostile + valid : valid + hostile)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '__proto__',
      'constructor',
      "'; DROP TABLE users; --",
      '1e309',
      'NaN',
      '-1',
      '%00',
      'null',
    ),
  },
);

/** Hostile strings, some of them far longer than any field allows. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shortHostileString },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 120_000 }).map((length) => 'x'.repeat(length)) },
);

/** Any JSON value built from hostile strings, wrong-typed numbers, arrays and nested objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A JSON Schema as zod's toJSONSchema writes it, as far as the generators read it. */
export interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface NamedSchema {
  name: string;
  schema: JsonSchema;
}

/** Every object schema that shared/ exports, as JSON Schema: what the app's routes and sockets validate against. */
export async function sharedObjectSchemas(sharedDir: string): Promise<NamedSchema[]> {
  const schemas: NamedSchema[] = [];
  for (const file of readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
    const module = (await import(join(sharedDir, file))) as Record<string, unknown>;
    for (const [name, exported] of Object.entries(module)) {
      if (!(exported instanceof z.ZodObject)) continue;
      schemas.push({ name, schema: z.toJSONSchema(exported, { unrepresentable: 'any', io: 'input' }) as JsonSchema });
    }
  }
  if (schemas.length === 0) throw new Error(`no zod object schema found under ${relative(process.cwd(), sharedDir)}`);
  return schemas;
}

/** Every property name of these schemas, nested ones included. */
export function propertyNames(schemas: NamedSchema[]): string[] {
  const names = new Set<string>();
  const collect = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const { properties } = schema as JsonSchema;
    if (properties) for (const name of Object.keys(properties)) names.add(name);
    for (const child of Object.values(schema)) collect(child);
  };
  schemas.forEach(({ schema }) => collect(schema));
  return [...names].sort();
}

/** Values that satisfy what the JSON Schema can say (zod refinements it cannot state may still refuse them). */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueOf));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueOf(schema.items) : hostileValue, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, child]) => [name, valueOf(child)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return hostileValue;
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 40;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= maxLength);
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(maxLength, 40) });
}

/** Objects keyed by the schemas' field names (and a few others), every value hostile. */
export function hostileObject(fieldNames: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: hostileString });
  return fc.dictionary(key, hostileValue, { maxKeys: 6 });
}

/** What replaces one leaf of a valid payload: what PostgreSQL cannot store, another type, too much. */
const corruption = fc.oneof(
  fc.constantFrom(
    (value: unknown) => `${String(value)}\u0000`,
    (value: unknown) => `\ud800${String(value)}`,
    (value: unknown) => `${String(value)}\udfff`,
  ),
  hostileValue.map((replacement) => () => replacement),
);

/**
 * Payloads valid for `schema` but, half of the time, for one leaf, corrupted: they pass every
 * check but one and reach as deep into a route as bad input can.
 */
export function nearlyValidPayload(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .tuple(valueOf(schema), fc.option(fc.tuple(fc.nat(), corruption), { freq: 2 }))
    .map(([value, change]) => (change ? corruptLeaf(value, change[0], change[1]) : value));
}

function corruptLeaf(value: unknown, pick: number, corrupt: (leaf: unknown) => unknown): unknown {
  const leaves: { parent: Record<string, unknown>; key: string }[] = [];
  const walk = (node: Record<string, unknown>): void => {
    for (const [key, child] of Object.entries(node)) {
      if (isContainer(child)) walk(child);
      else leaves.push({ parent: node, key });
    }
  };
  const copy = structuredClone(value);
  if (isContainer(copy)) walk(copy);
  if (leaves.length === 0) return corrupt(copy);
  const { parent, key } = leaves[pick % leaves.length];
  parent[key] = corrupt(parent[key]);
  return copy;
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// ---------------------------------------------------------------------------------------------
// Bodies

export interface GeneratedBody {
  /** What the request sends; undefined sends no body. */
  payload?: string | Uint8Array;
  contentType?: string;
  contentEncoding?: string;
  /** True when no route can accept it (unparsable for its content type, or too large). */
  malformed: boolean;
  /** A short description for failure reports. */
  label: string;
}

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';

function multipart(parts: { name: string; filename?: string; type?: string; content: string }[], boundary = BOUNDARY): string {
  const lines = parts.map(
    (part) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n` +
      `${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.content}\r\n`,
  );
  return `${lines.join('')}--${boundary}--\r\n`;
}

const multipartPart = fc.record({
  name: fc.constantFrom('image', 'picture', 'file', '__proto__', 'a'),
  filename: fc.option(fc.constantFrom('a.png', 'x.jpg', '', '../../etc/passwd'), { nil: undefined }),
  type: fc.option(fc.constantFrom('image/png', 'application/json', 'text/plain'), { nil: undefined }),
  content: fc.oneof(
    fc.constantFrom('\x89PNG\r\n\x1a\n not really', '{"not":"json"', 'GIF89a', ''),
    fc.string({ unit: 'binary-ascii', maxLength: 200 }),
  ),
});

/** Texts that are not JSON, or JSON that parsers treat specially. */
const invalidJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '[', 'nul', '{"a":1}garbage', "{'a':1}", '{"a":"\\ud800"', '{"a":"\\x00"}', '{"__proto__":'),
  fc.string({ unit: anyUnit, minLength: 1, maxLength: 20 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** JSON that parses, but is hostile in shape: deep nesting, prototype keys, escapes of what PostgreSQL refuses. */
const awkwardJson = fc.oneof(
  fc.integer({ min: 100, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 100, max: 2000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom(
    '\ufeff{}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"username":"a\\u0000b","first_name":"\\ud800","email":"x@example.test","password":"correct horse battery"}',
    'null',
    '0',
    '"text"',
    '[]',
    'true',
  ),
);

export interface BodyKind {
  kind: string;
  body: fc.Arbitrary<GeneratedBody>;
  /** How many times the usual number of runs this kind deserves. */
  runsFactor?: number;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'];
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function jsonBody(kind: string, values: fc.Arbitrary<unknown>): BodyKind {
  return {
    kind,
    body: fc.tuple(values, fc.constantFrom(...JSON_TYPES)).map(([value, contentType]) => {
      const payload = JSON.stringify(value) ?? 'null';
      // Fastify refuses bodies over the app's JSON limit (100 KiB) with 413.
      return { payload, contentType, malformed: Buffer.byteLength(payload) > 100 * 1024, label: kind };
    }),
  };
}

function fixedBody(kind: string, payload: string, contentType: string): BodyKind {
  return { kind, body: fc.constant({ payload, contentType, malformed: false, label: kind }) };
}

/**
 * The kinds of body a route is driven with, each tried on every route: a route that takes no
 * body must refuse or ignore them all as surely as one that does. GET has no body. Payloads
 * nearly valid for the schemas the route is known to read (`routeSchemas`) get the most runs:
 * they reach furthest; nearly valid ones for any schema of shared/ are tried too.
 */
export function bodyKinds(method: string, schemas: NamedSchema[], routeSchemas: NamedSchema[]): BodyKind[] {
  const none: BodyKind = { kind: 'no body', body: fc.constant({ malformed: false, label: 'no body' }) };
  if (method === 'GET' || method === 'HEAD') return [none];
  return [
    none,
    ...routeSchemas.map(({ name, schema }) => ({
      ...jsonBody(`nearly valid ${name}`, nearlyValidPayload(schema)),
      runsFactor: 4,
    })),
    jsonBody(
      'nearly valid for any schema',
      fc.constantFrom(...schemas).chain(({ schema }) => nearlyValidPayload(schema)),
    ),
    jsonBody('hostile JSON', fc.oneof({ weight: 3, arbitrary: hostileObject(propertyNames(schemas)) }, hostileValue)),
    {
      kind: 'invalid JSON',
      body: fc
        .tuple(invalidJson, fc.constantFrom(...JSON_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType, malformed: true, label: 'invalid JSON' })),
    },
    {
      kind: 'awkward JSON',
      body: awkwardJson.map((payload) => ({ payload, contentType: 'application/json', malformed: false, label: 'awkward JSON' })),
    },
    {
      kind: 'multipart',
      body: fc.array(multipartPart, { minLength: 1, maxLength: 3 }).map((parts) => ({
        payload: multipart(parts),
        contentType: MULTIPART_TYPE,
        malformed: false,
        label: 'multipart',
      })),
    },
    {
      kind: 'truncated multipart',
      body: fc
        .tuple(fc.array(multipartPart, { minLength: 1, maxLength: 2 }), fc.double({ min: 0, max: 0.95, noNaN: true }))
        .map(([parts, at]) => {
          const whole = multipart(parts);
          return {
            payload: whole.slice(0, Math.floor(whole.length * at)),
            contentType: MULTIPART_TYPE,
            malformed: false,
            label: 'truncated multipart',
          };
        }),
    },
    fixedBody(
      'multipart without boundary',
      multipart([{ name: 'image', filename: 'a.png', content: 'x' }]),
      'multipart/form-data',
    ),
    fixedBody('JSON as multipart', '{"image":"x"}', MULTIPART_TYPE),
    fixedBody(
      'multipart with another boundary',
      multipart([{ name: 'image', filename: 'a.png', content: 'x' }], 'other'),
      MULTIPART_TYPE,
    ),
    fixedBody(
      'multipart with a broken JSON field',
      multipart([
        { name: 'meta', type: 'application/json', content: '{bad json' },
        { name: 'image', filename: 'a.png', content: 'x' },
      ]),
      MULTIPART_TYPE,
    ),
    {
      kind: 'other content type',
      body: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/octet-stream',
            'image/png',
            '',
          ),
          fc.string({ unit: 'binary-ascii', maxLength: 100 }),
        )
        .map(([contentType, payload]) => ({
          payload,
          contentType: contentType || undefined,
          malformed: false,
          label: 'other content type',
        })),
    },
    {
      kind: 'claimed content encoding',
      body: fc
        .tuple(fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown'), fc.uint8Array({ maxLength: 64 }))
        .map(([contentEncoding, payload]) => ({
          payload,
          contentType: 'application/json',
          contentEncoding,
          malformed: false,
          label: `JSON claiming ${contentEncoding} encoding`,
        })),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Addresses and headers

export interface GeneratedSegment {
  /** The segment as it goes into the address (already percent-encoded where needed). */
  raw: string;
  /** True when the router cannot route it: not valid UTF-8 once decoded, or longer than its limit. */
  malformed: boolean;
}

export const pathParameter: fc.Arbitrary<GeneratedSegment> = fc.oneof(
  fc.constantFrom(
    ...['%ff', '%ED%A0%80', '%c0%af', '%E0%A4%A'].map((raw) => ({ raw, malformed: true })),
    ...[
      '-1',
      '0',
      '1',
      '2',
      '1.5',
      '1e309',
      '99999999999999999999',
      'NaN',
      'null',
      '%2e%2e',
      '%20',
      '%00',
      '0x10',
      '+1',
      'alice',
    ].map((raw) => ({ raw, malformed: false })),
  ),
  fc.integer({ min: 101, max: 3000 }).map((length) => ({ raw: '1'.repeat(length), malformed: true })),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map((n) => ({ raw: String(n), malformed: false })),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
    .map((text) => encodeURIComponent(text))
    .filter((raw) => raw.length <= 100)
    .map((raw) => ({ raw, malformed: false })),
);

export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    'page=-1',
    'page=0',
    'page=1e999',
    'page=abc',
    'page=%ff',
    'page=1&page=2',
    'page[a]=1',
    'noLogin=1',
    '%ff=%ff',
    'u=1&sig=%00',
    'u=-5&sig=aaaaaaaaaaaaaaaaaaaaaaaa',
    '__proto__[x]=1',
    '&&&==',
  ),
  fc
    .array(fc.tuple(fc.constantFrom('page', 'u', 'sig', 'noLogin', 'q'), shortHostileString), { maxLength: 3 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`).join('&')),
  fc.integer({ min: 2000, max: 20_000 }).map((length) => `page=${'9'.repeat(length)}`),
);

/** A header value fetch can send (no CR, LF or NUL; Latin-1), hostile to whatever reads it. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('-1', '0', 'abc', '1.5', '99999999999999999999', '', ' ', 'null'),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 300,
  }),
);

/**
 * Cookies a hostile or broken browser sends: unreadable session tokens, and referral cookies of
 * every shape, some naming a real member (`usernames`) so signup goes on to store what they carry.
 */
export function hostileCookies(usernames: string[]): fc.Arbitrary<string | undefined> {
  const referralValue = fc.oneof(shortHostileString, fc.constantFrom('\u0000', '\ud800', 'https://example.test/\udfff'));
  const referral = fc.record({
    from: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...usernames) }, { weight: 1, arbitrary: shortHostileString }),
    referwebsite: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          HTTP_REFERER: referralValue,
          REQUEST_URI: referralValue,
          href: referralValue,
          docref: referralValue,
        }),
      },
      { weight: 1, arbitrary: hostileValue },
    ),
  });
  return fc.option(
    fc.oneof(
      { weight: 3, arbitrary: referral.map((capture) => `dem_rf0=${encodeURIComponent(JSON.stringify(capture))}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('sid=%ff', 'sid=%00', `sid=${'a'.repeat(5000)}`, 'sid=', 'sids=%5B%5D', 'sids=not-json'),
      },
      {
        weight: 1,
        arbitrary: shortHostileString.map((text) => `dem_rf0=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}`),
      },
    ),
    { nil: undefined },
  );
}
