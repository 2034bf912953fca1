// Adds up what every runner of `npm test` reported, for one closing line CI can read.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};
const rows = [];
const jest = read('jest.json');
if (jest) {
  const j = JSON.parse(jest);
  rows.push(['unit and component (jest)', j.numPassedTests, j.numFailedTests]);
}
for (const [file, name] of [
  ['server-pglite.tap', 'server on pglite'],
  ['server-postgres.tap', 'server on postgres'],
  ['deploy.tap', 'deploy commands'],
]) {
  const tap = read(file);
  if (!tap) continue;
  const count = (key) => Number(tap.match(new RegExp(`^# ${key} (\\d+)`, 'm'))?.[1] ?? 0);
  rows.push([name, count('pass'), count('fail')]);
}
const e2e = read('e2e.json');
if (e2e) {
  const s = JSON.parse(e2e).stats;
  rows.push(['end-to-end (Chromium)', s.expected + s.flaky, s.unexpected]);
}
const steps = read('steps.tsv');
if (steps) {
  console.log('\nseconds per step:');
  for (const line of steps.trim().split('\n')) {
    const [seconds, name] = line.split('\t');
    console.log(`  ${seconds.padStart(5)}  ${name}`);
  }
}
let passed = 0;
let failed = 0;
console.log('');
for (const [name, p, f] of rows) {
  console.log(`  ${name.padEnd(30)} ${String(p).padStart(4)} passed ${String(f).padStart(3)} failed`);
  passed += p;
  failed += f;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0) process.exit(1);
