import { INITIAL_JS_BUDGET, KB, PAGE_JS_BUDGETS } from '../../bench/client-budgets.mjs';
import { initialJavaScript, pageJavaScript } from '../../bench/lib/client-size.mjs';

// Reads the built client (dist/client): `npm test` builds it first.
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe('the JavaScript a visitor downloads before a public page shows (gzipped)', () => {
  it(`the entry and its preloaded chunks stay within ${kb(INITIAL_JS_BUDGET)}`, () => {
    const initial = initialJavaScript();
    const files = initial.files.map((file) => `${file.src} ${kb(file.gzipBytes ?? 0)}`).join(', ');
    expect({ gzip: kb(initial.gzipBytes), files, withinBudget: initial.gzipBytes <= INITIAL_JS_BUDGET }).toMatchObject({
      withinBudget: true,
    });
    expect(initial.external).toEqual([]);
  });

  it.each(PAGE_JS_BUDGETS)('$path stays within its budget', ({ screen, maxBytes }) => {
    const page = pageJavaScript(screen);
    const files = page.screenFiles.map((file) => `${file.src} ${kb(file.gzipBytes ?? 0)}`).join(', ');
    expect({ gzip: kb(page.gzipBytes), budget: kb(maxBytes), files, withinBudget: page.gzipBytes <= maxBytes }).toMatchObject({
      withinBudget: true,
    });
  });
});
