import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { SAFE_MARKDOWN_OPTIONS, safeHref } from './safeMarkdownOptions.js';

/** What SafeMarkdown renders for this text. */
const render = (markdown: string) =>
  renderToStaticMarkup(createElement(Markdown, { ...SAFE_MARKDOWN_OPTIONS, children: markdown }));

describe('admin-written Markdown', () => {
  it('renders Markdown: headings below the page title, lists, safe links', () => {
    const html = render('# Title\n\n## Cookies\n\n- one\n\n[Contact](/contact) and [docs](https://example.com/a)');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).not.toContain('<h1>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/contact">Contact</a>');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">docs</a>');
  });

  it('never renders raw HTML: a script or an inline handler stays inert', () => {
    const html = render(
      'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<a href="javascript:alert(3)">raw</a>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('Hello');
  });

  it('drops unsafe link targets and images, keeping the words', () => {
    const html = render(
      '[click](javascript:alert(1)) [data](data:text/html,<b>x</b>) [vb](VBScript:msgbox) [proto](//evil.example) ![pic](https://tracker.example/p.gif)',
    );
    expect(html).not.toMatch(/href=/);
    expect(html).not.toMatch(/javascript|vbscript|data:|evil\.example|tracker/i);
    expect(html).toContain('<span>click</span>');
  });

  it('safeHref keeps site paths, anchors, http(s) and mailto only', () => {
    expect(safeHref('/privacy')).toBe('/privacy');
    expect(safeHref('#cookies')).toBe('#cookies');
    expect(safeHref('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('/\\evil.example')).toBeUndefined();
    expect(safeHref('/\t/evil.example')).toBeUndefined();
    expect(safeHref('/a/b?c=d#e')).toBe('/a/b?c=d#e');
    expect(safeHref('java\nscript:alert(1)')).toBeUndefined();
  });
});
