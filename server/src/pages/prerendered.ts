import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ComposedRoute, InitialState, RemoteLocation } from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import { remoteDistDir } from './route-table';

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

/** Where a package's pre-render bundle lives: beside its other build output, in dist/prerender/. */
export function prerenderBundleFile(config: Pick<CoreConfig, 'shellDist' | 'remotesDistRoot'>, owner: string): string {
  const dist = owner === 'shell' ? config.shellDist : remoteDistDir(config, owner);
  return path.join(dist, 'prerender', 'index.cjs');
}

type RenderedPage = Omit<PrerenderedPage, 'complete'> & { complete?: boolean };

function isRenderedPage(value: unknown): value is RenderedPage {
  const page = value as RenderedPage;
  return typeof value === 'object' && value !== null && typeof page.html === 'string' && typeof page.css === 'string' && (page.complete === undefined || typeof page.complete === 'boolean');
}

export type PrerenderPage = (state: InitialState, route: ComposedRoute | null, url: string, parcels?: PrerenderedParcels) => PrerenderedPage | null;
/** The front page's parcels, rendered by each remote's own bundle; remotes without one are left out. */
export type PrerenderParcels = (state: InitialState, url: string, remotes: readonly RemoteLocation[]) => PrerenderedParcels;
/** The layout's header (or side menu) as the shell renders it; null without the shell's bundle, or where the layout has none. */
export type PrerenderChrome = (state: InitialState, url: string) => string | null;

/**
 * Anonymous pages rendered into the server's HTML by their owner's own build (the shell's or a
 * remote's dist/prerender/index.cjs, the same React components the browser mounts), so the page is
 * readable and its links work before any script runs (issue 15). A bundle is loaded when first
 * needed and again when a deployment replaces it (its modification time changes), like routes.json.
 * A page without a bundle, one the bundle does not pre-render, or a bundle that throws gets the
 * skeleton alone, as before. Of the signed-in pages only the front page is pre-rendered (the shell's
 * bundle renders it), with each remote's summary parcel rendered by that remote's bundle: what they
 * show is the page state the same HTML embeds, and the page is `no-store` like every page.
 */
export function createPrerenderedPages(
  config: Pick<CoreConfig, 'shellDist' | 'remotesDistRoot'>,
  log: FastifyBaseLogger,
): { page: PrerenderPage; header: PrerenderChrome; menu: PrerenderChrome; parcels: PrerenderParcels } {
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

  const page: PrerenderPage = (state, route, url, parcels = {}) => {
    // a remote's bundle renders only the anonymous pages it names; the shell's, the front page too
    if (!route || (route.kind === 'logged-in' && route.owner !== 'shell')) return null;
    const bundle = load(prerenderBundleFile(config, route.owner));
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
      const bundle = load(prerenderBundleFile(config, 'shell'));
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
      const bundle = load(prerenderBundleFile(config, remote.id));
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

  return { page, header: chrome('renderHeader', 'header'), menu: chrome('renderMenu', 'nav'), parcels };
}

function isParcel(value: unknown): value is { html: string; css: string; complete?: boolean } {
  const parcel = value as { html?: unknown; css?: unknown } | null;
  return typeof parcel === 'object' && parcel !== null && typeof parcel.html === 'string' && typeof parcel.css === 'string';
}

/** CSS text inside a <style> element: nothing in it may end the element. */
export function escapeStyle(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}
