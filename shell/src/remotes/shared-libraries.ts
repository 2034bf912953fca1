import type { createInstance } from '@module-federation/runtime';
import * as SharedI18n from '@portal/shared-i18n';
import * as SharedUi from '@portal/shared-ui';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactIntl from 'react-intl';
// eslint-disable-next-line no-restricted-imports -- the whole slim module (the build aliases the package to it), handed to the remotes as it is
import * as ReactRouterDom from 'react-router-dom';
import * as Zustand from 'zustand';

/** Each shared library's installed version and the shell's required range, by share key (tooling/webpack.cjs, hostSharedLibraries). */
export type SharedLibraryVersions = Readonly<Record<string, { version: string; requiredVersion: string }>>;

type SharedOption = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

declare const __PORTAL_SHARED_LIBRARIES__: SharedLibraryVersions;

/**
 * The shell's own instances of the page's singletons, by share key. Each is the module the shell's
 * code runs with (react-router-dom is the slim module the build aliases it to), so a remote shares
 * the shell's React, store and router rather than a copy. Imported whole: a remote may use what the
 * shell does not, so these modules are not tree-shaken (nor were they as the plugin's shared modules).
 */
const MODULES: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-intl': ReactIntl,
  'react-router-dom': ReactRouterDom,
  zustand: Zustand,
  '@portal/shared-i18n': SharedI18n,
  '@portal/shared-ui': SharedUi,
};

/** The `shared` option of the shell's federation instance: every singleton the build names, provided loaded. */
export function sharedLibraries(versions: SharedLibraryVersions = __PORTAL_SHARED_LIBRARIES__): SharedOption {
  return Object.fromEntries(
    Object.entries(versions).map(([name, { version, requiredVersion }]) => {
      const module = MODULES[name];
      if (!module) throw new Error(`The shell has no module to provide for the shared library ${name} (shell/src/remotes/shared-libraries.ts)`);
      return [name, { version, lib: () => module, shareConfig: { singleton: true, requiredVersion, strictVersion: false } }];
    }),
  );
}
