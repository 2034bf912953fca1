import { closeSync, constants, ftruncateSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import { z } from 'zod';

/**
 * One process at a time on the embedded database folder. PGlite has no lock of its own: a second
 * process that opens the folder (a second server start, `npm run reset`, the staff command) while
 * the first writes to it leaves it unrecoverable (`PANIC: could not locate a valid checkpoint
 * record` after the next crash).
 *
 * The lock is the kernel's (an open-file-description lock, fcntl F_OFD_SETLK on Linux, flock on
 * macOS, LockFileEx on Windows, through fs-native-extensions), so it dies with its process: a
 * holder killed with `kill -9` leaves nothing that blocks the next start, and there is no pid to
 * check or expire. The file holds only a description of the holder, for the refusal message; it is
 * never removed, because removing a lock file lets two processes lock two different files.
 */

/** Who holds the folder, as the holder wrote it into the lock file. */
export interface DataDirHolder {
  pid: number;
  /** the holder's command line, with the npm script that started it when there is one */
  command: string;
  /** ISO time the holder took the lock */
  since: string;
  host: string;
}

const holderSchema = z.object({ pid: z.number().int(), command: z.string(), since: z.string(), host: z.string() });

export interface DataDirLock {
  /** the database folder */
  readonly folder: string;
  readonly lockFile: string;
  /** Lets the next process in; safe to call more than once. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: DataDirHolder | null,
  ) {
    super(refusal(folder, lockFile, holder));
    this.name = 'DataDirLockedError';
  }
}

/**
 * The lock file beside the folder, not in it: `npm run reset` removes the folder while holding
 * the lock, and a lock inside it would go with it.
 */
export function lockFileOf(folder: string): string {
  return `${path.resolve(folder)}.lock`;
}

/**
 * Takes the folder's lock without waiting, before anything touches the folder. Throws
 * DataDirLockedError naming the holder when another process (or another open in this one) has it;
 * the folder and the lock file are then left exactly as they were.
 */
export function lockDataDir(folder: string): DataDirLock {
  const resolved = path.resolve(folder);
  const lockFile = lockFileOf(resolved);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  // Neither truncating nor appending on open: the holder's record must survive a refused open.
  const fd = openSync(lockFile, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!locked) {
    const holder = readHolder(fd);
    closeSync(fd);
    throw new DataDirLockedError(resolved, lockFile, holder);
  }
  try {
    writeHolder(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let released = false;
  return {
    folder: resolved,
    lockFile,
    release() {
      if (released) return;
      released = true;
      try {
        // A record left behind would name a process that no longer holds anything.
        ftruncateSync(fd, 0);
      } finally {
        unlock(fd);
        closeSync(fd);
      }
    },
  };
}

function writeHolder(fd: number): void {
  const script = process.env.npm_lifecycle_event;
  const commandLine = [path.basename(process.argv0 || 'node'), ...process.argv.slice(1)].join(' ');
  const holder: DataDirHolder = {
    pid: process.pid,
    command: script ? `npm run ${script} (${commandLine})` : commandLine,
    since: new Date().toISOString(),
    host: hostname(),
  };
  const record = Buffer.from(`${JSON.stringify(holder)}\n`);
  ftruncateSync(fd, 0);
  writeSync(fd, record, 0, record.length, 0);
}

function readHolder(fd: number): DataDirHolder | null {
  try {
    const size = Math.min(fstatSync(fd).size, 64 * 1024);
    const buffer = Buffer.alloc(size);
    const read = readSync(fd, buffer, 0, size, 0);
    const parsed = holderSchema.safeParse(JSON.parse(buffer.subarray(0, read).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // Between taking the lock and writing its record the holder's file is empty: say so rather than fail.
    return null;
  }
}

function refusal(folder: string, lockFile: string, holder: DataDirHolder | null): string {
  const who = holder
    ? `process ${holder.pid} (${holder.command})${holder.host === hostname() ? '' : ` on host ${holder.host}`}, since ${holder.since}`
    : 'another process (it has not written who it is yet)';
  return (
    `The embedded database folder ${folder} is in use by ${who}. ` +
    'PGlite allows one process at a time on a folder and a second one corrupts it, so this one stopped without opening or changing anything. ' +
    `Stop that process first, or point DATA_DIR at another folder. (Lock file: ${lockFile}; the lock ends with its process, even after kill -9.)`
  );
}
