/**
 * Loads `path` as a new page. After SMS login the shell must start again with the new session (its
 * user, csrfToken and expiry come with the page), so this is a full load, not a shell navigation.
 */
export function goTo(path: string): void {
  window.location.assign(path);
}
