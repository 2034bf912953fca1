import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 28: a remote built its sign-in link from its router's path, which is relative to the
 * '/{lang}' basename, and the patient came back to the Finnish front page. Every sign-in link is
 * now built by signInHref (sign-in-link.ts), which keeps the page and its language; this test keeps
 * it that way by finding any other code that puts together a login address.
 */
const ROOT = path.resolve(__dirname, '../..');
const HANDMADE_SIGN_IN = [/href\(\s*'login'/, /['"`]nextPath['"`=]/, /[?&]nextPath=/, /\(\s*\{\s*nextPath\s*[:,}]/, /\[NEXT_PATH_PARAM\]\s*:/];
const COMMENT = /^\s*(\/\/|\/\*|\*)/;
/** Files that may: the builder itself, and log-out, which ends on the login page with nowhere to return. */
const ALLOWED = new Set(['shared-ui/src/sign-in-link.ts', 'mf-account/src/pages/new-customer/NewCustomerPage.tsx']);

function sourcesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-utils' || entry.name === 'node_modules' ? [] : sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.testing\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test('no sign-in link is built by hand: the shell and every remote use signInHref', () => {
  const packages = fs.readdirSync(ROOT).filter((name) => name === 'shell' || name === 'shared-ui' || name.startsWith('mf-'));
  const handmade = packages
    .flatMap((name) => sourcesUnder(path.join(ROOT, name, 'src')))
    .filter((file) => !ALLOWED.has(path.relative(ROOT, file).split(path.sep).join('/')))
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (!COMMENT.test(line) && HANDMADE_SIGN_IN.some((pattern) => pattern.test(line)) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
  expect(packages.length).toBeGreaterThan(3);
  expect(handmade).toEqual([]);
});
