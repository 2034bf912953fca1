/**
 * Marks a link in a pre-rendered page that the running page must follow itself, not the browser:
 * before the shell has started, the shell's entry holds a click on it and clicks its copy in the
 * running page once that has replaced the server's (shell/src/click-hand-over.ts, which keeps the
 * same literal: the entry imports no shared module). For a link whose next page needs what the
 * running page keeps in memory (the anonymous reservation's typed values, WCAG 2.2 3.3.7).
 */
export const FOLLOWED_IN_PAGE_ATTRIBUTE = 'data-followed-in-page';
