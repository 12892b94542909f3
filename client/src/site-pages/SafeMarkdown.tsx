import Markdown from 'react-markdown';
import { SAFE_MARKDOWN_OPTIONS } from './safeMarkdownOptions.js';

/** Admin-written Markdown, without raw HTML or images and with only safe links (SAFE_MARKDOWN_OPTIONS). */
export function SafeMarkdown({ markdown }: { markdown: string }) {
  return <Markdown {...SAFE_MARKDOWN_OPTIONS}>{markdown}</Markdown>;
}
