/**
 * The argument names an ICU message uses ('{count, plural, one {# day} other {# days}}' → count).
 * A small reader rather than @formatjs's parser, so the completeness check needs no extra dependency;
 * it follows ICU's apostrophe quoting and nested plural/select bodies.
 */
export function icuArgumentNames(message: string): Set<string> {
  const names = new Set<string>();
  readText(message, 0, names, false);
  return names;
}

const PLURAL_LIKE = new Set(['plural', 'select', 'selectordinal']);

/** Reads literal text until an unmatched '}' (when nested) or the end; returns the index after it. */
function readText(message: string, start: number, names: Set<string>, nested: boolean): number {
  let index = start;
  while (index < message.length) {
    const char = message[index];
    if (char === "'") {
      index = skipQuoted(message, index);
      continue;
    }
    if (char === '{') {
      index = readArgument(message, index + 1, names);
      continue;
    }
    if (char === '}') {
      if (nested) return index + 1;
      throw new SyntaxError(`Unmatched '}' at ${index}`);
    }
    index += 1;
  }
  if (nested) throw new SyntaxError('Unclosed \'{\'');
  return index;
}

function skipQuoted(message: string, index: number): number {
  if (message[index + 1] === "'") return index + 2;
  const next = message[index + 1];
  if (next !== '{' && next !== '}' && next !== '#' && next !== '|') return index + 1;
  const end = message.indexOf("'", index + 1);
  return end === -1 ? message.length : end + 1;
}

function skipSpace(message: string, index: number): number {
  let position = index;
  while (position < message.length && /\s/.test(message[position] as string)) position += 1;
  return position;
}

function readWord(message: string, index: number): { word: string; end: number } {
  const match = /^[^\s{},]+/.exec(message.slice(index));
  const word = match?.[0] ?? '';
  return { word, end: index + word.length };
}

/** Reads '{name}', '{name, type, style}' or '{name, plural, … {…} …}' from after its '{'. */
function readArgument(message: string, start: number, names: Set<string>): number {
  const { word: name, end } = readWord(message, skipSpace(message, start));
  if (name === '') throw new SyntaxError(`Empty argument at ${start}`);
  names.add(name);
  let index = skipSpace(message, end);
  if (message[index] === '}') return index + 1;
  if (message[index] !== ',') throw new SyntaxError(`Expected ',' or '}' at ${index}`);
  const type = readWord(message, skipSpace(message, index + 1));
  index = skipSpace(message, type.end);
  if (!PLURAL_LIKE.has(type.word)) {
    // number/date/time styles hold no arguments; skip to the closing brace
    const close = message.indexOf('}', index);
    if (close === -1) throw new SyntaxError('Unclosed argument');
    return close + 1;
  }
  if (message[index] !== ',') throw new SyntaxError(`Expected ',' after ${type.word}`);
  index += 1;
  for (;;) {
    index = skipSpace(message, index);
    if (message[index] === '}') return index + 1;
    const selector = readWord(message, index);
    if (selector.word === '') throw new SyntaxError(`Expected a selector at ${index}`);
    index = skipSpace(message, selector.end);
    if (selector.word.startsWith('offset:')) continue;
    if (message[index] !== '{') throw new SyntaxError(`Expected '{' after selector '${selector.word}'`);
    index = readText(message, index + 1, names, true);
  }
}
