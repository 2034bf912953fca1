/**
 * Returns `next` when it is a same-site path, else '/'. Guards the post-login redirect against
 * open redirects: '//evil', '/\\evil', 'https://evil', 'javascript:' and control characters.
 *
 * The path comes back as the URL parser writes it: percent-encoded, so it is plain ASCII that any
 * Location header and any link can carry ('/fi/€' → '/fi/%E2%82%AC'; a raw '€' in a header fails
 * the response itself). What is encoded already stays as it is.
 */
export function isSafeNextPath(next: string | undefined): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return '/';
  if (!next.startsWith('/')) return '/';
  const second = next.charAt(1);
  if (second === '/' || second === '\\') return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  // A backslash anywhere can be normalised into a slash by browsers; refuse it outright.
  if (next.includes('\\')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(next, 'http://portal.invalid');
  } catch {
    return '/';
  }
  if (resolved.origin !== 'http://portal.invalid') return '/';
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Dot segments are resolved here: '/.//evil.example' becomes '//evil.example', which a browser
  // would read as another host. Encoding can lengthen a path up to ninefold; the bound applies to
  // what is sent on.
  if (path.startsWith('//') || path.length > 2048) return '/';
  return path;
}
