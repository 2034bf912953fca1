// Node-only (reads the file system): not exported from index.ts, which browsers load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { icuArgumentNames } from './icu-arguments';
import { LANGUAGES } from './languages';

export interface CatalogueProblem {
  /** the package folder, e.g. 'mf-records' */
  packageName: string;
  messageId?: string;
  problem: string;
}

/** Packages whose message prefix is not their folder name without 'mf-'. */
const PREFIX_EXCEPTIONS: Readonly<Record<string, string>> = { 'shared-i18n': 'common', 'shared-ui': 'ui' };

export function messagePrefixOf(packageName: string): string {
  return PREFIX_EXCEPTIONS[packageName] ?? packageName.replace(/^mf-/, '');
}

/** Package folders directly under the workspace root that have a messages/ folder. */
export function findMessageFolders(workspaceRoot: string): string[] {
  return readdirSync(workspaceRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(workspaceRoot, name, 'messages')))
    .sort();
}

type Loaded = Partial<Record<string, Record<string, unknown>>>;

function loadLanguages(messagesDir: string, report: (problem: string) => void): Loaded {
  const loaded: Loaded = {};
  for (const lang of LANGUAGES) {
    const file = join(messagesDir, `${lang}.json`);
    if (!existsSync(file)) {
      report(`${lang}.json is missing`);
      continue;
    }
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        report(`${lang}.json is not a flat JSON object`);
        continue;
      }
      loaded[lang] = parsed as Record<string, unknown>;
    } catch (error) {
      report(`${lang}.json is not valid JSON: ${(error as Error).message}`);
    }
  }
  return loaded;
}

function argumentsOf(message: string): string | Error {
  try {
    return [...icuArgumentNames(message)].sort().join(', ');
  } catch (error) {
    return error as Error;
  }
}

/** Checks one package's messages/{fi,sv,en}.json. */
export function checkPackageCatalogues(packageName: string, messagesDir: string): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const add = (problem: string, messageId?: string) =>
    problems.push(messageId === undefined ? { packageName, problem } : { packageName, messageId, problem });
  const loaded = loadLanguages(messagesDir, (problem) => add(problem));
  const prefix = `${messagePrefixOf(packageName)}.`;
  const ids = new Set(Object.values(loaded).flatMap((messages) => Object.keys(messages ?? {})));

  for (const id of [...ids].sort()) {
    if (!id.startsWith(prefix)) add(`id does not start with '${prefix}'`, id);
    const argumentsByLang = new Map<string, string>();
    for (const lang of LANGUAGES) {
      const messages = loaded[lang];
      if (!messages) continue;
      const value = messages[id];
      if (value === undefined) {
        add(`missing in ${lang}.json`, id);
        continue;
      }
      if (typeof value !== 'string' || value.trim() === '') {
        add(`empty or not a string in ${lang}.json`, id);
        continue;
      }
      const args = argumentsOf(value);
      if (args instanceof Error) add(`invalid ICU message in ${lang}.json: ${args.message}`, id);
      else argumentsByLang.set(lang, args);
    }
    const distinct = new Set(argumentsByLang.values());
    if (distinct.size > 1) {
      const listing = [...argumentsByLang].map(([lang, args]) => `${lang}: {${args}}`).join('; ');
      add(`ICU arguments differ between languages (${listing})`, id);
    }
  }
  return problems;
}

/** Checks every package folder under the workspace root that has messages/. */
export function checkWorkspaceCatalogues(workspaceRoot: string): { packages: string[]; problems: CatalogueProblem[] } {
  const packages = findMessageFolders(workspaceRoot);
  const problems = packages.flatMap((name) => checkPackageCatalogues(name, join(workspaceRoot, name, 'messages')));
  return { packages, problems };
}

export function formatProblems(problems: readonly CatalogueProblem[]): string {
  return problems
    .map(({ packageName, messageId, problem }) => `  ${packageName}/messages${messageId ? ` ${messageId}` : ''}: ${problem}`)
    .join('\n');
}
