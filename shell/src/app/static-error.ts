import { commonMessages, isLang } from '@portal/shared-i18n';

/**
 * Shown when the shell cannot start (no or invalid initial state): plain DOM, no framework, in the
 * language of `<html lang>`, with a reload button.
 */
export function renderStaticError(root: HTMLElement, doc: Document = document): void {
  const langAttr = doc.documentElement.lang;
  const messages = commonMessages[isLang(langAttr) ? langAttr : 'fi'];
  const section = doc.createElement('section');
  section.className = 'shell-static-error';
  section.setAttribute('role', 'alert');
  const title = doc.createElement('h1');
  title.textContent = messages['common.error.title'] ?? '';
  const text = doc.createElement('p');
  text.textContent = messages['common.error.text'] ?? '';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'portal-button portal-button--primary';
  button.textContent = messages['common.error.tryAgain'] ?? '';
  button.addEventListener('click', () => window.location.reload());
  section.append(title, text, button);
  root.replaceChildren(section);
}
