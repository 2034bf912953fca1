// The package ships no types; these are the two calls data-dir-lock.ts makes (fs-native-extensions 1.5.1, index.js).
declare module 'fs-native-extensions' {
  /** A non-blocking lock on the open file: true when taken, false when another open file description holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
