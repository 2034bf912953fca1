import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * The versions of the libraries the shell provides to every remote (shell/src/remotes/
 * shared-libraries.ts: React, ReactDOM, react-intl, the router, zustand, the shared packages), by
 * package name.
 *
 * Read as the shell's build reads them (tooling/webpack.cjs, hostSharedLibraries): each dependency
 * of shell/package.json at the version installed for the shell (shell/node_modules/<name>), a
 * workspace package at its own package.json's version. Where the shell's node_modules is not there
 * (a server deployed without the workspace), the version pinned in shell/package.json, or the
 * lowest version its range allows. Every dependency counts (single-spa too): a remote's manifest
 * names only the libraries it shares, and only those are compared.
 */
export function shellProvidedVersions(repoRoot: string): Map<string, string> {
  const provided = new Map<string, string>();
  const shellDir = path.join(repoRoot, 'shell');
  let pkg: { dependencies?: Record<string, string> };
  try {
    pkg = JSON.parse(readFileSync(path.join(shellDir, 'package.json'), 'utf8')) as typeof pkg;
  } catch {
    return provided; // no shell sources here: nothing can be compared, so nothing is refused for it
  }
  for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
    const version = installedVersion(shellDir, name) ?? workspaceVersion(repoRoot, name, range) ?? pinnedVersion(range);
    if (version) provided.set(name, version);
  }
  return provided;
}

function readVersion(file: string): string | null {
  try {
    const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && semver.valid(version) ? version : null;
  } catch {
    return null;
  }
}

function installedVersion(shellDir: string, name: string): string | null {
  return readVersion(path.join(shellDir, 'node_modules', ...name.split('/'), 'package.json'));
}

function workspaceVersion(repoRoot: string, name: string, range: string): string | null {
  if (!range.startsWith('workspace:') || !name.startsWith('@portal/')) return null;
  return readVersion(path.join(repoRoot, name.slice('@portal/'.length), 'package.json'));
}

function pinnedVersion(range: string): string | null {
  if (semver.valid(range)) return range;
  try {
    return semver.minVersion(range)?.version ?? null;
  } catch {
    return null;
  }
}

/** The package a share key belongs to: `react/jsx-runtime` → `react`, `@portal/shared-ui/x` → `@portal/shared-ui`. */
export function packageOfShareKey(key: string): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? key);
}

export interface SharedMismatch {
  name: string;
  requiredVersion: string;
  provided: string;
}

/**
 * The shared libraries of a remote's manifest whose required range the shell's version does not
 * satisfy. A library the shell does not provide is the remote's own business (it brings its copy).
 */
export function sharedMismatches(
  shared: readonly { name: string; requiredVersion?: string | false | undefined }[],
  provided: ReadonlyMap<string, string>,
): SharedMismatch[] {
  const mismatches: SharedMismatch[] = [];
  for (const library of shared) {
    const version = provided.get(packageOfShareKey(library.name));
    const range = library.requiredVersion;
    if (!version || range === undefined || range === false || range === '' || range === '*') continue;
    const valid = semver.validRange(range);
    if (!valid || !semver.satisfies(version, valid, { includePrerelease: true })) mismatches.push({ name: library.name, requiredVersion: range, provided: version });
  }
  return mismatches;
}
