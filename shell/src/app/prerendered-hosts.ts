import type { PrerenderedParcel } from './runtime';

/**
 * The remote hosts the server rendered a page into (server/src/pages/skeleton.ts): a remote's
 * anonymous page, pre-rendered by the remote's own build, inside `.shell-remote-host[data-remote]`.
 * The shell uses these elements as the remotes' hosts, so when its layout replaces the skeleton the
 * page moves into the new layout unchanged and stays on screen until the remote mounts over it (its
 * React root replaces the host's content in one commit): no empty main, no spinner, no shift.
 * Taken before the layout's first render, which removes the skeleton.
 */
export function takePrerenderedHosts(root: HTMLElement): Map<string, HTMLElement> {
  const hosts = new Map<string, HTMLElement>();
  for (const host of root.querySelectorAll<HTMLElement>('.shell-remote-host[data-remote]')) {
    if (host.dataset.remote && hasPrerenderedPage(host)) hosts.set(host.dataset.remote, host);
  }
  return hosts;
}

/** Whether the element still holds the server's page (no remote has rendered into it yet). */
export function hasPrerenderedPage(host: HTMLElement): boolean {
  return host.querySelector(':scope > [data-prerendered]') !== null;
}

/**
 * Removes the server's page from a host: when the visitor leaves the page before its remote
 * mounted, or when the remote could not load (its error view takes the place).
 */
export function clearPrerenderedPage(host: HTMLElement): void {
  if (!hasPrerenderedPage(host)) return;
  for (const child of [...host.children]) if (child.matches('style, [data-prerendered]')) child.remove();
}

/** The attribute of a front-page parcel's server HTML: its key, `<remote id><exposed>` (ParcelSlot). */
export const PRERENDERED_PARCEL_ATTRIBUTE = 'data-prerendered-parcel';
/** Present where that HTML is the whole parcel: its code is not loaded. */
export const PRERENDERED_PARCEL_COMPLETE_ATTRIBUTE = 'data-parcel-complete';

/**
 * The front-page parcels the server rendered (server/src/pages/prerendered.ts), by key: their HTML
 * (the remote's CSS with it) and whether it is complete, read before the layout's first render
 * removes the skeleton, so each ParcelSlot renders it again in its place.
 */
export function takePrerenderedParcels(root: HTMLElement): Map<string, PrerenderedParcel> {
  const parcels = new Map<string, PrerenderedParcel>();
  for (const element of root.querySelectorAll<HTMLElement>(`[${PRERENDERED_PARCEL_ATTRIBUTE}]`)) {
    const key = element.getAttribute(PRERENDERED_PARCEL_ATTRIBUTE);
    if (key) parcels.set(key, { html: element.innerHTML, complete: element.hasAttribute(PRERENDERED_PARCEL_COMPLETE_ATTRIBUTE) });
  }
  return parcels;
}
