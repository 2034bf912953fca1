// Loaded with the entry, before the async boundary: the DOM and the language only.

/**
 * The first call of any Intl API loads the engine's locale data: about 50–60 ms at 4x CPU in Chromium
 * (issue 15), spent until now inside the first render's task, where react-intl's createIntl asks
 * whether the page's language is supported. Asked the same here, in a task of its own right after
 * main.js, it runs while the start-up chunks are still on their way, and no later task pays for it.
 */
export function warmIntlSoon(lang: string, schedule: (task: () => void) => void = (task) => window.setTimeout(task, 0)): void {
  if (!lang) return;
  schedule(() => {
    // what react-intl's createIntl asks first (its locale check), in the page's language
    Intl.NumberFormat.supportedLocalesOf(lang);
    Intl.DateTimeFormat.supportedLocalesOf(lang);
  });
}
