import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** The elements CMS reservation and arrival info may use; anything else (scripts, styles, images, iframes) is dropped. */
const ALLOWED = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a', 'h3', 'h4'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
} satisfies sanitizeHtml.IOptions;

/**
 * CMS markdown (reservation info, arrival info) as sanitised HTML for the page's state: rendered on
 * the server so the remote ships no markdown parser, and sanitised after rendering because markdown
 * passes raw HTML through.
 */
export function markdownToSafeHtml(markdown: string | null | undefined): string | null {
  if (!markdown?.trim()) return null;
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  const safe = sanitizeHtml(html, { ...ALLOWED, allowedAttributes: { a: ['href', 'rel', 'target'] } });
  return safe.trim() || null;
}
