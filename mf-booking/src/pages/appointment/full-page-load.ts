/** Loads `url` as a new page (the fallback when client-side navigation did not happen). */
export function fullPageLoad(url: string): void {
  window.location.assign(url);
}
