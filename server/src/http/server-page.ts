import type { Lang } from '@portal/shared-api';

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface ServerPage {
  lang: Lang;
  /** plain text; escaped here */
  title: string;
  /** the page's only stylesheet: the pages carry no inline style or script (CSP) */
  stylesheetHref: string;
  /** the main element's class */
  mainClass: string;
  /** the main element's content, already escaped HTML */
  body: string;
}

/**
 * The frame of a page the server renders itself, outside the shell (the identity broker's pages,
 * the demo insurer): not indexed, the viewport for phones, one stylesheet, the content in <main>.
 */
export function renderServerPage({ lang, title, stylesheetHref, mainClass, body }: ServerPage): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheetHref)}">
</head>
<body>
<main class="${escapeHtml(mainClass)}">
${body}
</main>
</body>
</html>`;
}
