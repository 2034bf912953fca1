/** The browser location as the shell renders it; updated on single-spa's routing events and popstate. */
export interface LocationSnapshot {
  pathname: string;
  search: string;
  hash: string;
}

export interface LocationStore {
  get(): LocationSnapshot;
  subscribe(listener: () => void): () => void;
  /** re-read window.location (after pushState/replaceState) */
  refresh(): void;
}

function read(): LocationSnapshot {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

export function createLocationStore(): LocationStore {
  let snapshot = read();
  const listeners = new Set<() => void>();
  const refresh = () => {
    const next = read();
    if (next.pathname === snapshot.pathname && next.search === snapshot.search && next.hash === snapshot.hash) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  };
  window.addEventListener('popstate', refresh);
  window.addEventListener('single-spa:routing-event', refresh);
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
  };
}
