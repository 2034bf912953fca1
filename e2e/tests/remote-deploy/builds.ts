import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

const TEXT_FILE = /\.(?:js|cjs|mjs|json|css|html)$/;

/** Writes a text file and the pre-compressed copies a static server would pick for it, when the build has them. */
function writeWithCopies(file: string, text: string): void {
  writeFileSync(file, text);
  const bytes = Buffer.from(text);
  try {
    statSync(`${file}.gz`);
    writeFileSync(`${file}.gz`, gzipSync(bytes));
  } catch {
    // no gzip copy in the build
  }
  try {
    statSync(`${file}.br`);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  } catch {
    // no brotli copy in the build
  }
}

/**
 * A new build of a remote with one visible change: a copy of `distDir` where the text `from` reads
 * `to` in every file that has it (the browser's chunks and the server's pre-render bundle alike).
 * Fails when no file has it, so a changed text in the remote cannot make the test pass vacuously.
 */
export function buildWithChangedText(distDir: string, outDir: string, from: string, to: string): void {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(distDir, outDir, { recursive: true });
  let changed = 0;
  for (const file of filesUnder(outDir).filter((name) => TEXT_FILE.test(name))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(from)) continue;
    writeWithCopies(file, text.split(from).join(to));
    changed += 1;
  }
  if (changed === 0) throw new Error(`no file of ${distDir} has the text "${from}"`);
}

/**
 * A build that asks for a react-dom the shell does not provide: its manifest's `shared` entry for
 * react-dom requires `range`, as a remote built against another major version of React would.
 */
export function buildRequiringReactDom(distDir: string, outDir: string, range: string): void {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(distDir, outDir, { recursive: true });
  const manifestFile = path.join(outDir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: { name: string; requiredVersion?: string; version?: string }[] };
  const reactDom = manifest.shared.find((library) => library.name === 'react-dom');
  if (!reactDom) throw new Error(`${manifestFile} shares no react-dom`);
  reactDom.requiredVersion = range;
  writeWithCopies(manifestFile, JSON.stringify(manifest));
}
