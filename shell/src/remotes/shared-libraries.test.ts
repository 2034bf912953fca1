/** @jest-environment node */
import * as SharedUi from '@portal/shared-ui';
import * as React from 'react';
// eslint-disable-next-line no-restricted-imports -- the whole slim module (the build aliases the package to it), handed to the remotes as it is
import * as ReactRouterDom from 'react-router-dom';
import { sharedLibraries, type SharedLibraryVersions } from './shared-libraries';

// the build's own list (tooling/webpack.cjs), so a singleton added there without a module here fails
const { hostSharedLibraries } = jest.requireActual<{ hostSharedLibraries: (dir: string) => SharedLibraryVersions }>('@portal/tooling/webpack');
const versions = hostSharedLibraries(`${__dirname}/../..`);

type Provided = { version: string; lib: () => unknown; shareConfig: { singleton: boolean; requiredVersion: string } };

describe('the shared libraries the shell provides to the remotes', () => {
  it('has a module for every singleton the build names, provided loaded, as a singleton at the build’s version', () => {
    const shared = sharedLibraries(versions) as Record<string, Provided>;
    expect(Object.keys(shared).sort()).toEqual(Object.keys(versions).sort());
    for (const [name, provided] of Object.entries(shared)) {
      expect([name, provided.version, provided.shareConfig.singleton, provided.shareConfig.requiredVersion]).toEqual([name, versions[name]?.version, true, versions[name]?.requiredVersion]);
      expect(provided.lib()).toBeTruthy();
    }
  });

  it('hands a remote the very modules the shell runs with: one React, one shared-ui, one router', () => {
    // by a member: the test's module system wraps each importer's namespace object in one of its own
    const shared = sharedLibraries(versions) as Record<string, { lib: () => Record<string, unknown> }>;
    expect(shared.react?.lib().useState).toBe(React.useState);
    expect(shared['@portal/shared-ui']?.lib().createToastStore).toBe(SharedUi.createToastStore);
    expect(shared['react-router-dom']?.lib().useNavigate).toBe(ReactRouterDom.useNavigate);
  });

  it('refuses to start with a singleton it has no module for', () => {
    expect(() => sharedLibraries({ ...versions, 'left-pad': { version: '1.3.0', requiredVersion: '1.3.0' } })).toThrow(/left-pad/);
  });
});
