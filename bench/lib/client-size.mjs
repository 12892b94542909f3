// The JavaScript a browser must fetch before the visitor landing page can start: the module
// entry scripts of dist/client/index.html and their <link rel="modulepreload"> files (Vite
// lists every statically imported chunk there). Lazy route chunks are not counted, and the
// nomodule fallback for old browsers is not either. Sizes are gzip level 9, as the build's
// precompressed .gz files that the server sends.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

function attributes(tag) {
  const found = {};
  for (const match of tag.matchAll(/([a-zA-Z:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    found[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return found;
}

function isLocal(src) {
  return !/^(?:[a-z]+:)?\/\//i.test(src);
}

export function initialJavaScript(clientDir = 'dist/client') {
  const root = resolve(clientDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run build first`);
  const html = readFileSync(indexFile, 'utf8');

  const sources = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice('<script'.length, -1));
    if (attrs.type === 'module' && attrs.src && !('nomodule' in attrs)) sources.push({ src: attrs.src, kind: 'entry' });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice('<link'.length, -1));
    if ((attrs.rel ?? '').split(/\s+/).includes('modulepreload') && attrs.href)
      sources.push({ src: attrs.href, kind: 'modulepreload' });
  }

  const files = [];
  for (const { src, kind } of sources) {
    if (!isLocal(src)) {
      files.push({ src, kind, external: true, bytes: null, gzipBytes: null });
      continue;
    }
    const path = join(root, src.split(/[?#]/)[0].replace(/^\//, ''));
    const content = readFileSync(path);
    files.push({ src, kind, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
  }
  return {
    files,
    bytes: files.reduce((sum, file) => sum + (file.bytes ?? 0), 0),
    gzipBytes: files.reduce((sum, file) => sum + (file.gzipBytes ?? 0), 0),
    external: files.filter((file) => file.external).map((file) => file.src),
  };
}

/** The chunks a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function staticImports(assetsDir, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(assetsDir, file), 'utf8');
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    staticImports(assetsDir, match[1], seen);
  return seen;
}

/**
 * What a visitor's browser fetches before a public page can show: the initial JavaScript plus the
 * page's lazily loaded screen chunk (`<Screen>-<hash>.js`, e.g. LandingPage) and every chunk it
 * imports statically. Gzip level 9, as initialJavaScript.
 */
export function pageJavaScript(screen, clientDir = 'dist/client') {
  const initial = initialJavaScript(clientDir);
  const assetsDir = join(resolve(clientDir), 'assets');
  const chunk = readdirSync(assetsDir).find((name) => name.startsWith(`${screen}-`) && name.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk of the screen ${screen} in ${assetsDir}: run npm run build first`);
  const counted = new Set(initial.files.map((file) => file.src.replace(/^\/assets\//, '')));
  const screenFiles = [...staticImports(assetsDir, chunk)]
    .filter((name) => !counted.has(name))
    .map((name) => ({ src: `/assets/${name}`, gzipBytes: gzipSync(readFileSync(join(assetsDir, name)), { level: 9 }).length }));
  const screenGzipBytes = screenFiles.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { initialGzipBytes: initial.gzipBytes, screenFiles, screenGzipBytes, gzipBytes: initial.gzipBytes + screenGzipBytes };
}
