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

/**
 * Each rule of the page's `<style>` elements once: a later element keeps only the rules no earlier
 * one had. Every pre-rendered part (the page, each front-page summary) brings its remote's whole
 * CSS, shared-ui's buttons and spinner among them, so the front page carried the same rules once per
 * summary (issue 31). The first copy is kept, not the last, so that what comes first in the
 * document is styled as soon as it is parsed. The cascade is the same unless two parts bring
 * different rules for one selector (say two builds of shared-ui): then the rule first seen stays
 * ahead of the other, where before the last part's copy decided. Only the server's own `<style>`
 * elements (no attributes) are touched; the HTML around them is React's, where a `<` in text is
 * escaped.
 */
export function dedupeStyleElements(html: string): string {
  const seen = new Set<string>();
  return html.replace(STYLE_ELEMENT, (_element, css: string) => {
    const kept = topLevelRules(css).filter((rule) => {
      if (seen.has(rule)) return false;
      seen.add(rule);
      return true;
    });
    return kept.length === 0 ? '' : `<style>${kept.join('')}</style>`;
  });
}
