// The repository's documentation holds together: every relative link of a tracked Markdown file
// reaches a file (and, for a `#heading`, a heading) inside the repository; every `.md` file a code
// comment names exists; and nothing cites a design document that is not in the repository (the
// docs/ folder holds the architecture, the product decisions and the rest: README.md links them).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean)
  // (new files not yet committed count too; .gitignore keeps node_modules and dist out)
  // a file deleted in the working tree but not yet in the index is not there to check
  .filter((file) => fs.existsSync(path.join(root, file)));

const markdownFiles = tracked.filter((file) => file.endsWith('.md'));
const codeFiles = tracked.filter((file) => /\.(?:[cm]?[jt]sx?|css|sh|tmpl|ya?ml)$/.test(file) || /(?:^|\/)\.ci\/run$/.test(file));

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const inside = (absolute) => {
  const relative = path.relative(root, absolute);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** The lines of a Markdown file outside fenced code blocks, with inline code blanked; [lineNumber, text]. */
function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push([index + 1, line.replace(/`+[^`]*`+/g, 'code')]);
  });
  return lines;
}

/** GitHub's anchors of a Markdown file: its headings, slugged as GitHub does, and explicit ids. */
const anchorCache = new Map();
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of read(file).split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
      const slug = text
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** What is wrong with one link target of `file`, or null. */
function problemOf(file, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null; // https:, mailto:, …
  const [withoutQuery] = target.split('?');
  const hashAt = withoutQuery.indexOf('#');
  const linkPath = decodeURIComponent(hashAt === -1 ? withoutQuery : withoutQuery.slice(0, hashAt));
  const anchor = hashAt === -1 ? '' : decodeURIComponent(withoutQuery.slice(hashAt + 1));
  const absolute = linkPath === '' ? path.join(root, file) : linkPath.startsWith('/') ? path.join(root, linkPath) : path.resolve(root, path.dirname(file), linkPath);
  if (!inside(absolute)) return 'points outside the repository';
  if (!fs.existsSync(absolute)) return `no such file: ${path.relative(root, absolute)}`;
  if (anchor !== '' && absolute.endsWith('.md') && !anchorsOf(path.relative(root, absolute)).has(anchor)) {
    return `no heading #${anchor} in ${path.relative(root, absolute)}`;
  }
  return null;
}

function brokenLinks() {
  const broken = [];
  for (const file of markdownFiles) {
    for (const [lineNumber, line] of proseLines(read(file))) {
      const targets = [
        ...[...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
        ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((match) => match[1]),
      ];
      for (const target of targets) {
        const problem = problemOf(file, target);
        if (problem) broken.push(`${file}:${lineNumber}: (${target}) ${problem}`);
      }
    }
  }
  return broken;
}

/** A comment's text on this line: after //, /* or a leading * or # (a shell or YAML comment). */
function commentOf(line) {
  const trimmed = line.trimStart();
  if (/^(?:\/\/|\/\*|\*|#)/.test(trimmed)) return trimmed;
  const inline = line.search(/\s\/\/\s|\/\*/);
  return inline === -1 ? null : line.slice(inline);
}

/** Where a `.md` named in a comment of `file` may be: from the repository's root, beside the file, or in a folder above it. */
function markdownExists(file, name) {
  if (fs.existsSync(path.join(root, name))) return true;
  let folder = path.dirname(file);
  for (;;) {
    if (fs.existsSync(path.join(root, folder, name))) return true;
    if (folder === '.' || folder === '') return false;
    folder = path.dirname(folder);
  }
}

function missingMarkdownInComments() {
  const missing = [];
  for (const file of codeFiles) {
    read(file)
      .split('\n')
      .forEach((line, index) => {
        const comment = commentOf(line);
        if (comment === null) return;
        for (const match of comment.matchAll(/(?:\.{0,2}\/)?[\w./-]*[\w-]\.md\b/g)) {
          if (!markdownExists(file, match[0])) missing.push(`${file}:${index + 1}: ${match[0]}`);
        }
      });
  }
  return missing;
}

// The design documents the code once cited, which are not in the repository: the architecture and
// stack documents (also cited by name alone, `ARCH…TURE "Page state"`), the spec decisions, and
// anything in a `shared` folder beside the repository. Spelled in pieces, so that this file does
// not cite them itself.
const absentDocuments = new RegExp(
  [`\\b${'ARCHI'}TECTURE\\b`, `\\b${'STACK'}\\.md\\b`, `SPEC-${'DECISIONS'}`, `\\.\\./${'shared'}/`].join('|'),
);

function citationsOfAbsentDocuments() {
  const found = [];
  for (const file of [...markdownFiles, ...codeFiles]) {
    read(file)
      .split('\n')
      .forEach((line, index) => {
        if (absentDocuments.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
      });
  }
  return found;
}

describe('the documentation', () => {
  it('has no relative link of a tracked Markdown file that reaches no file or heading in the repository', () => {
    expect(markdownFiles.length).toBeGreaterThan(5);
    expect(brokenLinks()).toEqual([]);
  });

  it('has every .md file a code comment names', () => {
    expect(missingMarkdownInComments()).toEqual([]);
  });

  it('cites no design document that is not in the repository (docs/ holds them)', () => {
    expect(citationsOfAbsentDocuments()).toEqual([]);
  });
});
