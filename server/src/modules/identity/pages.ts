import type { Lang } from '@portal/shared-api';
import { escapeHtml, renderServerPage } from '../../http/server-page';
import { message } from './messages';

/**
 * The look of the identification pages: the relying party's own (too many attempts) and the
 * built-in test broker's (server/src/demo/identity-broker/), which serves this stylesheet. The
 * demo insurer and the test payment provider borrow it. No inline style or script (CSP).
 */
export const BROKER_STYLESHEET_PATH = '/broker/assets/broker.css';

export function renderIdentityPage(lang: Lang, title: string, body: string): string {
  return renderServerPage({ lang, title, stylesheetHref: BROKER_STYLESHEET_PATH, mainClass: 'broker', body });
}

/** 429 page of the relying party's /oauth/authenticate for browsers. */
export function renderTooManyAttemptsPage(lang: Lang, loginHref: string): string {
  const title = message(lang, 'server.identity.tooManyRequests.title');
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message(lang, 'server.identity.tooManyRequests.description'))}</p>
<p><a href="${escapeHtml(loginHref)}">${escapeHtml(message(lang, 'server.identity.backToLogin'))}</a></p>`;
  return renderIdentityPage(lang, title, body);
}

export const brokerStylesheet = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:100%;line-height:1.5;color:#1a1a1a;background:#f4f6f8}
body{margin:0;padding:1rem}
.broker{max-width:32rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.5rem 1rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
@media (min-width:480px){.broker{padding:2rem}}
h1{font-size:1.75rem;margin:.25rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
.broker__service{margin:0;text-transform:uppercase;letter-spacing:.05em;font-size:.875rem;color:#4a4a4a}
.broker__field{margin:1rem 0}
label{display:block;font-weight:600}
.broker__hint{margin:.125rem 0 .5rem;color:#4a4a4a;font-size:.9375rem}
input[type=text]{width:100%;min-height:2.75rem;font-size:1.125rem;padding:.5rem .75rem;border:2px solid #595959;border-radius:4px;text-transform:uppercase}
input[type=text]:focus{outline:3px solid #0b5fff;outline-offset:2px}
.broker__field--invalid input{border-color:#b00020}
.broker__error{color:#b00020;font-weight:600;margin:.5rem 0 0}
.broker__alert{border-left:4px solid #b00020;background:#fdecee;padding:.5rem 1rem;margin:1rem 0}
.broker__alert h2{margin:0;font-size:1.125rem}
.broker__alert p{margin:.25rem 0}
button{font:inherit;cursor:pointer}
.broker__continue{min-height:2.75rem;min-width:8rem;padding:.5rem 1.25rem;border:0;border-radius:4px;background:#0b4fb3;color:#fff;font-weight:600}
.broker__continue:focus,.broker__persona:focus{outline:3px solid #0b5fff;outline-offset:2px}
.broker__personas ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.broker__personas form{margin:0}
.broker__persona{width:100%;min-height:2.75rem;text-align:left;padding:.5rem .75rem;border:1px solid #0b4fb3;border-radius:4px;background:#fff;color:#0b4fb3;display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem}
.broker__persona-name{font-weight:600}
.broker__persona-code{font-variant-numeric:tabular-nums}
.broker__cancel{margin-top:1.5rem}
a{color:#0b4fb3}
`;
