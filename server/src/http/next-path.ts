/**
 * Returns `next` when it is a same-site path, else '/'. Guards the post-login redirect against
 * open redirects: '//evil', '/\\evil', 'https://evil', 'javascript:' and control characters.
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
  try {
    const resolved = new URL(next, 'http://portal.invalid');
    if (resolved.origin !== 'http://portal.invalid') return '/';
  } catch {
    return '/';
  }
  return next;
}
