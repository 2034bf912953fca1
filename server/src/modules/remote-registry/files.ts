import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The Subresource Integrity string of these bytes: `sha384-<base64>`. */
export function sri384(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** A file of a version the server could not fetch; `message` says which and why (no secrets in it). */
export class FetchFailure extends Error {}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The files of a version the server itself reads (its composition, texts and pre-rendering): the
 * federation manifest, routes.json, text-files.json and the pre-render bundle. The browser's files
 * (chunks, styles, images, the compressed copies) stay on the team's static host.
 */
export function isServerSideFile(relativePath: string): boolean {
  if (relativePath === 'mf-manifest.json' || relativePath === 'routes.json' || relativePath === 'text-files.json') return true;
  return relativePath.startsWith('prerender/') && !/\.(gz|br|map)$/.test(relativePath) && !relativePath.endsWith('.LICENSE.txt');
}

/** The folder of a version's files: its manifest URL's folder. */
export function baseUrlOf(manifestUrl: string): URL {
  return new URL('.', manifestUrl);
}

/**
 * A file's URL under the version's folder. The path was checked (shared-api remoteFilePathSchema:
 * no `..`, no leading slash); the result is checked again to be inside the folder.
 */
export function fileUrl(base: URL, relativePath: string): URL {
  const url = new URL(relativePath, base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) throw new FetchFailure(`${relativePath} is outside the version's folder`);
  return url;
}

/**
 * Fetches one file within the time and size limits. Redirects are refused: a file is where its
 * version's allowed origin says, never wherever that host sends the server next.
 */
export async function fetchBytes(url: URL, limits: FetchLimits): Promise<Buffer> {
  const shown = url.pathname;
  let response: Response;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    response = await fetch(url, { redirect: 'error', signal, headers: { accept: '*/*', 'accept-encoding': 'identity' } });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new FetchFailure(timedOut ? `${shown} did not arrive within ${limits.timeoutMs} ms` : `${shown} could not be fetched (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`${shown} answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`${shown} is larger than ${limits.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new FetchFailure(`${shown} is larger than ${limits.maxBytes} bytes`);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    throw new FetchFailure(`${shown} broke off while arriving (${error instanceof Error ? error.message : String(error)})`);
  }
  return Buffer.concat(chunks);
}

/** Runs `work` over `items`, at most `limit` at once, in order of the items. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Writes files (relative path → bytes) under a folder, making the folders they need. */
export function writeFiles(dir: string, files: ReadonlyMap<string, Uint8Array>): void {
  for (const [relativePath, bytes] of files) {
    const target = path.join(dir, ...relativePath.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

/** A new empty folder under `parent` for files on their way (renamed into place once whole). */
export function makeStagingDir(parent: string): string {
  const dir = path.join(parent, `.staging-${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Moves a complete folder to `target` in one rename, so a reader sees the whole version or none of
 * it. False when `target` exists already (another request or instance put it there): the staged
 * copy is then removed.
 */
export function moveIntoPlace(staged: string, target: string): boolean {
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    renameSync(staged, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTEMPTY') {
      rmSync(staged, { recursive: true, force: true });
      return false;
    }
    throw error;
  }
}

/** Removes the staging folders under `parent` that a process no longer running left behind (a crash mid-deploy). */
export function removeStaleStagingDirs(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return; // nothing deployed here yet
  }
  for (const name of names) {
    const pid = Number(/^\.staging-(\d+)-/.exec(name)?.[1] ?? NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
