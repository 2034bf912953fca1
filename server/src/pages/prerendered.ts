import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ComposedRoute, InitialState } from '@portal/shared-api';
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

/** The contract of `<dist>/prerender/index.cjs` (tooling/prerender-entry.cjs). */
interface PrerenderBundle {
  render(input: { state: InitialState; url: string }): RenderedPage | null;
  /** the shell's bundle only: the layout's header of an anonymous page */
  renderHeader?(input: { state: InitialState; url: string }): string | null;
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

export type PrerenderPage = (state: InitialState, route: ComposedRoute | null, url: string) => PrerenderedPage | null;
/** The layout's header as the shell renders it, for an anonymous visitor; null without the shell's bundle. */
export type PrerenderHeader = (state: InitialState, url: string) => string | null;

/**
 * Anonymous pages rendered into the server's HTML by their owner's own build (the shell's or a
 * remote's dist/prerender/index.cjs, the same React components the browser mounts), so the page is
 * readable and its links work before any script runs (issue 15). A bundle is loaded when first
 * needed and again when a deployment replaces it (its modification time changes), like routes.json.
 * A page without a bundle, one the bundle does not pre-render, or a bundle that throws gets the
 * skeleton alone, as before. Signed-in pages are never pre-rendered: their state is a patient's data.
 */
export function createPrerenderedPages(
  config: Pick<CoreConfig, 'shellDist' | 'remotesDistRoot'>,
  log: FastifyBaseLogger,
): { page: PrerenderPage; header: PrerenderHeader } {
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

  const page: PrerenderPage = (state, route, url) => {
    if (!route || route.kind === 'logged-in') return null;
    const bundle = load(prerenderBundleFile(config, route.owner));
    if (!bundle) return null;
    try {
      const rendered = bundle.render({ state, url });
      return isRenderedPage(rendered) ? { html: rendered.html, css: rendered.css, complete: rendered.complete ?? true } : null;
    } catch (err) {
      log.error({ err, routeId: route.id, owner: route.owner }, 'pre-rendering failed; the page gets the skeleton alone');
      return null;
    }
  };

  // Every anonymous page's header, whoever owns the page: the header is the shell's.
  const header: PrerenderHeader = (state, url) => {
    if (state.user) return null;
    const bundle = load(prerenderBundleFile(config, 'shell'));
    if (typeof bundle?.renderHeader !== 'function') return null;
    try {
      const html = bundle.renderHeader({ state, url });
      return typeof html === 'string' && html.startsWith('<header') ? html : null;
    } catch (err) {
      log.error({ err }, 'pre-rendering the header failed; the skeleton keeps its own');
      return null;
    }
  };

  return { page, header };
}
