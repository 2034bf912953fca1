/**
 * The top-level pieces of a style sheet: each rule (`.a { … }`), each at-rule block (`@media … { … }`)
 * and each at-rule statement (`@import …;`), as written. Strings and comments are skipped over, so
 * a brace or semicolon inside them ends nothing.
 */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        rules.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      rules.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) rules.push(rest);
  return rules.filter((rule) => rule !== '');
}

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** At-rules whose body is rules of the page (pruned inside); any other at-rule is kept whole. */
const GROUPING_AT_RULE = /^@(media|supports|container|layer)\b/i;

/** Every class name the HTML's elements carry. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** A selector list's selectors: split at the commas outside parentheses and brackets. */
function selectorsOf(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      selectors.push(list.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors;
}

/**
 * Whether a selector can match an element of the page: every class it asks for is on some element.
 * What `:not(…)`, `:is(…)`, `:where(…)` and `:has(…)` hold is left out (a class missing inside them
 * does not rule the selector out), and so are attribute selectors (`[class*=…]`).
 */
function canMatch(selector: string, classes: ReadonlySet<string>): boolean {
  const outside = selector.replace(/:(not|is|where|has|matches)\((?:[^()]|\([^()]*\))*\)/g, '').replace(/\[[^\]]*\]/g, '');
  for (const match of outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (!classes.has(match[1] ?? '')) return false;
  return true;
}

/**
 * The rules of a style sheet that can style the pre-rendered HTML, in their order. A remote brings
 * its whole CSS (every page, every state, 5–13 KB) to style one pre-rendered part; the part's HTML
 * stays as it is until the remote's code starts, and that code loads the whole sheet with it
 * (mini-css-extract), so a rule none of whose selectors names only classes the HTML has is not
 * needed for the first paint (issue 31: the front page's HTML was 70 KB, 31 KB of it CSS).
 * Rules without classes (`:root`, element selectors) and at-rules that are no group of rules
 * (`@keyframes`, `@font-face`) are kept; `@media` and its kin are pruned inside.
 */
export function rulesThatCanMatch(css: string, classes: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (const rule of topLevelRules(css)) {
    const open = rule.indexOf('{');
    if (open === -1 || !rule.endsWith('}')) {
      kept.push(rule); // a statement (@import …;) or what is left of a broken sheet: as it was
      continue;
    }
    const prelude = rule.slice(0, open).replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (prelude.startsWith('@')) {
      if (!GROUPING_AT_RULE.test(prelude)) {
        kept.push(rule);
        continue;
      }
      const inner = rulesThatCanMatch(rule.slice(open + 1, -1), classes);
      if (inner.length > 0) kept.push(`${rule.slice(0, open + 1)}${inner.join('')}}`);
      continue;
    }
    if (selectorsOf(prelude).some((selector) => canMatch(selector, classes))) kept.push(rule);
  }
  return kept;
}

/**
 * Each rule of the page's `<style>` elements once, and only the rules that can style the page
 * (rulesThatCanMatch): a later element keeps only the rules no earlier one had. Every pre-rendered
 * part (the page, each front-page summary) brings its remote's whole CSS, shared-ui's buttons and
 * spinner among them, so the front page carried the same rules once per summary (issue 31). The
 * first copy is kept, not the last, so that what comes first in the document is styled as soon as
 * it is parsed. The cascade is the same unless two parts bring different rules for one selector
 * (say two builds of shared-ui): then the rule first seen stays ahead of the other, where before
 * the last part's copy decided. Only the server's own `<style>` elements (no attributes) are
 * touched; the HTML around them is React's, where a `<` in text is escaped.
 */
export function dedupeStyleElements(html: string): string {
  const seen = new Set<string>();
  const classes = classesIn(html);
  return html.replace(STYLE_ELEMENT, (_element, css: string) => {
    const kept = rulesThatCanMatch(css, classes).filter((rule) => {
      if (seen.has(rule)) return false;
      seen.add(rule);
      return true;
    });
    return kept.length === 0 ? '' : `<style>${kept.join('')}</style>`;
  });
}
