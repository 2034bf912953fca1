import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ComposedRoute, InitialState } from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import type { RemotesView, ServedRemote } from '../modules/remote-registry/contract';

/** A page rendered by its owner's pre-render bundle: the HTML of its <main> and the CSS it needs. */
export interface PrerenderedPage {
  html: string;
  css: string;
  /**
   * false when the page shows at once something only its running code shows (a toast from the
   * address): the shell's code then boots at once. Bundles built before this field: true.
   */
  complete: boolean;
}

/**
 * The front-page parcels the remotes' bundles rendered, by `<remote id><exposed>` (the shell's
 * ParcelSlot key): each one's CSS and HTML, and whether that is the whole parcel (`complete`: the
 * browser does not load the parcel's code; otherwise it shows the HTML until the parcel mounts).
 */
export type PrerenderedParcels = Record<string, { html: string; complete: boolean }>;

/** The contract of `<dist>/prerender/index.cjs` (tooling/prerender-entry.cjs). */
interface PrerenderBundle {
  render(input: { state: InitialState; url: string; parcels?: PrerenderedParcels }): RenderedPage | null;
  /** a remote's bundle: one of its parcels with the props the shell mounts it with, from the state */
  renderParcel?(input: { state: InitialState; url: string; exposed: string }): { html: string; css: string; complete?: boolean } | null;
  /** the shell's bundle only: the layout's header of the page */
  renderHeader?(input: { state: InitialState; url: string }): string | null;
  /** the shell's bundle only: the layout's side menu of a signed-in visitor's page, null where it has none */
  renderMenu?(input: { state: InitialState; url: string }): string | null;
}

/** Where a package's pre-render bundle lives: beside its other build output (a served version's files), in prerender/. */
export function prerenderBundleFile(filesDir: string): string {
  return path.join(filesDir, 'prerender', 'index.cjs');
}

type RenderedPage = Omit<PrerenderedPage, 'complete'> & { complete?: boolean };

function isRenderedPage(value: unknown): value is RenderedPage {
  const page = value as RenderedPage;
  return typeof value === 'object' && value !== null && typeof page.html === 'string' && typeof page.css === 'string' && (page.complete === undefined || typeof page.complete === 'boolean');
}

/** `view`: the remotes the visitor is served; a remote's page is rendered by the bundle of the version served */
export type PrerenderPage = (state: InitialState, route: ComposedRoute | null, url: string, view: RemotesView, parcels?: PrerenderedParcels) => PrerenderedPage | null;
/** The front page's parcels, rendered by each served remote's own bundle (of its version); remotes without one are left out. */
export type PrerenderParcels = (state: InitialState, url: string, remotes: readonly ServedRemote[]) => PrerenderedParcels;
/** The layout's header (or side menu) as the shell renders it; null without the shell's bundle, or where the layout has none. */
export type PrerenderChrome = (state: InitialState, url: string) => string | null;

/**
 * Anonymous pages rendered into the server's HTML by their owner's own build (the shell's or a
 * remote's prerender/index.cjs, the same React components the browser mounts), so the page is
 * readable and its links work before any script runs (issue 15). A bundle is loaded when first
 * needed and again when a deployment replaces it (its modification time changes), like routes.json;
 * each version of a remote the registry serves has its own files, so its own bundle (a module
 * instance of its own), and `retain` lets go of the versions no longer served.
 * A page without a bundle, one the bundle does not pre-render, or a bundle that throws gets the
 * skeleton alone, as before. Of the signed-in pages only the front page is pre-rendered (the shell's
 * bundle renders it), with each remote's summary parcel rendered by that remote's bundle: what they
 * show is the page state the same HTML embeds, and the page is `no-store` like every page.
 */
export function createPrerenderedPages(
  config: Pick<CoreConfig, 'shellDist'>,
  log: FastifyBaseLogger,
): {
  page: PrerenderPage;
  header: PrerenderChrome;
  menu: PrerenderChrome;
  parcels: PrerenderParcels;
  /** forgets the bundles of every folder but the shell's and these (the versions served now) */
  retain(filesDirs: Iterable<string>): void;
} {
  const bundles = new Map<string, { mtimeMs: number; bundle: PrerenderBundle | null }>();

  function load(file: string): PrerenderBundle | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null; // not built (server tests, development builds): the skeleton alone
    }
    const cached = bundles.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.bundle;
    const require = createRequire(file);
    delete require.cache[file];
    let bundle: PrerenderBundle | null = null;
    try {
      const loaded: unknown = require(file);
      if (typeof (loaded as Partial<PrerenderBundle>)?.render === 'function') bundle = loaded as PrerenderBundle;
      else log.error({ file }, 'pre-render bundle has no render(); its pages get the skeleton alone');
    } catch (err) {
      log.error({ file, err }, 'pre-render bundle could not be loaded; its pages get the skeleton alone');
    }
    bundles.set(file, { mtimeMs, bundle });
    return bundle;
  }

  const page: PrerenderPage = (state, route, url, view, parcels = {}) => {
    // a bundle renders the pages it names (anonymous ones, and signed-in ones whose state is the
    // page's loader state alone); a signed-in page reaches here only with its session (index.ts)
    if (!route) return null;
    const filesDir = route.owner === 'shell' ? config.shellDist : view.remotes.find((remote) => remote.id === route.owner)?.filesDir;
    if (filesDir === undefined) return null;
    const bundle = load(prerenderBundleFile(filesDir));
    if (!bundle) return null;
    try {
      const rendered = bundle.render({ state, url, parcels });
      return isRenderedPage(rendered) ? { html: rendered.html, css: rendered.css, complete: rendered.complete ?? true } : null;
    } catch (err) {
      log.error({ err, routeId: route.id, owner: route.owner }, 'pre-rendering failed; the page gets the skeleton alone');
      return null;
    }
  };

  /** A part of the shell's layout, whoever owns the page: `element` is the tag its HTML must start with. */
  function chrome(part: 'renderHeader' | 'renderMenu', element: string): PrerenderChrome {
    return (state, url) => {
      const bundle = load(prerenderBundleFile(config.shellDist));
      const render = bundle?.[part];
      if (typeof render !== 'function') return null;
      try {
        const html = render({ state, url });
        return typeof html === 'string' && html.startsWith(`<${element}`) ? html : null;
      } catch (err) {
        log.error({ err, part }, "pre-rendering the layout failed; the skeleton keeps its own (brand alone, no menu)");
        return null;
      }
    };
  }

  const parcels: PrerenderParcels = (state, url, remotes) => {
    const rendered: PrerenderedParcels = {};
    for (const remote of remotes) {
      if (remote.frontPageParcels.length === 0) continue;
      const bundle = load(prerenderBundleFile(remote.filesDir));
      if (typeof bundle?.renderParcel !== 'function') continue;
      for (const exposed of remote.frontPageParcels) {
        try {
          const parcel = bundle.renderParcel({ state, url, exposed });
          if (isParcel(parcel)) {
            // a bundle that does not say its HTML is complete gets its code loaded, as before
            rendered[`${remote.id}${exposed}`] = { html: `<style>${escapeStyle(parcel.css)}</style>${parcel.html}`, complete: parcel.complete === true };
          }
        } catch (err) {
          log.error({ err, remote: remote.id, exposed }, 'pre-rendering a parcel failed; its place shows the spinner until it mounts');
        }
      }
    }
    return rendered;
  };

  function retain(filesDirs: Iterable<string>): void {
    const kept = new Set([config.shellDist, ...filesDirs].map(prerenderBundleFile));
    for (const file of bundles.keys()) {
      if (kept.has(file)) continue;
      bundles.delete(file);
      // the module instance goes with the last reference to it
      delete createRequire(file).cache[file];
    }
  }

  return { page, header: chrome('renderHeader', 'header'), menu: chrome('renderMenu', 'nav'), parcels, retain };
}

function isParcel(value: unknown): value is { html: string; css: string; complete?: boolean } {
  const parcel = value as { html?: unknown; css?: unknown } | null;
  return typeof parcel === 'object' && parcel !== null && typeof parcel.html === 'string' && typeof parcel.css === 'string';
}

/** CSS text inside a <style> element: nothing in it may end the element. */
export function escapeStyle(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}
