import { join } from 'node:path';
import { checkPackageCatalogues, checkWorkspaceCatalogues, formatProblems, messagePrefixOf } from './catalogue-check';
import { icuArgumentNames } from './icu-arguments';

const fixtures = join(__dirname, '__fixtures__', 'catalogues');

test('complete catalogues pass', () => {
  const result = checkWorkspaceCatalogues(join(fixtures, 'complete'));
  expect(result.packages).toEqual(['mf-demo', 'shared-i18n']);
  expect(result.problems).toEqual([]);
});

test('missing keys, empty values, foreign prefixes, differing arguments and missing files fail', () => {
  const { packages, problems } = checkWorkspaceCatalogues(join(fixtures, 'broken'));
  expect(packages).toEqual(['mf-demo', 'shell']);
  const report = formatProblems(problems);
  expect(report).toContain('mf-demo/messages: en.json is missing');
  expect(report).toContain('shell/messages shell.only-fi: missing in sv.json');
  expect(report).toContain('shell/messages shell.only-fi: missing in en.json');
  expect(report).toContain('shell/messages shell.title: empty or not a string in en.json');
  expect(report).toContain("shell/messages records.misplaced: id does not start with 'shell.'");
  expect(report).toContain('shell/messages shell.greeting: ICU arguments differ between languages (fi: {firstName}; sv: {name}; en: {firstName})');
  expect(problems).toHaveLength(8);
});

// The whole workspace is checked by `check:messages`; this package's test covers its own catalogue only.
test('the common catalogue itself is complete', () => {
  expect(formatProblems(checkPackageCatalogues('shared-i18n', join(__dirname, '..', 'messages')))).toBe('');
});

test('message prefixes follow the package folder', () => {
  expect(['shared-i18n', 'mf-records', 'shell', 'server'].map(messagePrefixOf)).toEqual(['common', 'records', 'shell', 'server']);
});

describe('icuArgumentNames', () => {
  test.each([
    ['No arguments', []],
    ['Hello {name}!', ['name']],
    ['{count, plural, one {# day} other {# days}}', ['count']],
    ['{count, plural, offset:1 =0 {none} one {{who} alone} other {{who} and # others}}', ['count', 'who']],
    ['{gender, select, female {she} other {they}} at {time, time, short}', ['gender', 'time']],
    ["It''s '{literal}' and {real}", ['real']],
  ])('%s', (message, expected) => {
    expect([...icuArgumentNames(message)].sort()).toEqual(expected);
  });

  test('malformed messages are rejected', () => {
    expect(() => icuArgumentNames('Hello {name')).toThrow();
    expect(() => icuArgumentNames('Hello }')).toThrow();
  });
});
