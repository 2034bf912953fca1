import { identificationMethods, type Lang } from '@portal/shared-api';
import { escapeHtml, renderServerPage } from '../../../http/server-page';
import { demoMandates, demoPersonas } from '../demo-personas';
import { loginErrorPath } from '../login-paths';
import { message, optionalMessage } from '../messages';

/** Served by the identity module; the pages need no inline style or script (CSP). */
export const BROKER_STYLESHEET_PATH = '/broker/assets/broker.css';

export { escapeHtml };

/** The method's display name: localized where the catalogue has one (mobile certificate), else the bank's own name. */
export function identificationMethodName(lang: Lang, acrValue: string | undefined): string | undefined {
  const method = identificationMethods.find((m) => m.id === acrValue);
  if (!method) return undefined;
  return optionalMessage(lang, `server.broker.method.${method.id}`) ?? method.name;
}

function layout(lang: Lang, title: string, body: string): string {
  return renderServerPage({ lang, title, stylesheetHref: BROKER_STYLESHEET_PATH, mainClass: 'broker', body });
}

export interface LoginPageInput {
  lang: Lang;
  uid: string;
  /** per-interaction form token (CSRF) */
  token: string;
  /** acr_values of the authorization request: the chosen bank or certificate */
  acrValue: string | undefined;
  /** what the person typed, kept when the page is shown again */
  identityCode?: string;
  /** the field's error, shown next to it */
  identityCodeError?: string;
  /** a message above the form (e.g. too many attempts) */
  alert?: { title: string; description: string };
  /** set when the portal asked for a mandate: the page also asks for the child's identity code */
  mandate?: { childIdentityCode?: string; childIdentityCodeError?: string };
}

/** One text field with its label, hint and error; the error is tied to it with aria-describedby. */
function identityCodeField(field: { id: string; name: string; label: string; hint: string; value: string | undefined; error: string | undefined; autofocus: boolean }): string {
  const hasError = Boolean(field.error);
  const describedBy = [`${field.id}-hint`, hasError ? `${field.id}-error` : undefined].filter(Boolean).join(' ');
  return `<div class="broker__field${hasError ? ' broker__field--invalid' : ''}">
<label for="${field.id}">${escapeHtml(field.label)}</label>
<p id="${field.id}-hint" class="broker__hint">${escapeHtml(field.hint)}</p>
<input id="${field.id}" name="${field.name}" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" required aria-describedby="${describedBy}"${hasError ? ` aria-invalid="true"${field.autofocus ? ' autofocus' : ''}` : ''} value="${escapeHtml(field.value ?? '')}">
${hasError ? `<p id="${field.id}-error" class="broker__error">${escapeHtml(field.error ?? '')}</p>` : ''}
</div>`;
}

function personaPicks(lang: Lang, formAction: string, token: string): string {
  const personas = demoPersonas
    .map(
      (p) => `<li><button type="submit" class="broker__persona" name="identityCode" value="${escapeHtml(p.identityCode)}">` +
        `<span class="broker__persona-name">${escapeHtml(`${p.givenName} ${p.familyName}`)}</span> ` +
        `<span class="broker__persona-code">${escapeHtml(p.identityCode)}</span></button></li>`,
    )
    .join('\n');
  return `<p>${escapeHtml(message(lang, 'server.broker.personas.description'))}</p>
<form method="post" action="${escapeHtml(formAction)}">
${token}
<ul>
${personas}
</ul>
</form>`;
}

/** Guardian and child pairs: a form each, the child's code travelling in a hidden field. */
function mandatePicks(lang: Lang, formAction: string, token: string): string {
  const picks = demoMandates
    .map(
      ({ guardian, child }) => `<li><form method="post" action="${escapeHtml(formAction)}">
${token}
<input type="hidden" name="childIdentityCode" value="${escapeHtml(child.identityCode)}">
<button type="submit" class="broker__persona" name="identityCode" value="${escapeHtml(guardian.identityCode)}">` +
        `<span class="broker__persona-name">${escapeHtml(`${guardian.givenName} ${guardian.familyName} → ${child.givenName} ${child.familyName}`)}</span> ` +
        `<span class="broker__persona-code">${escapeHtml(`${guardian.identityCode} → ${child.identityCode}`)}</span></button>
</form></li>`,
    )
    .join('\n');
  return `<p>${escapeHtml(message(lang, 'server.broker.mandates.description'))}</p>
<ul>
${picks}
</ul>`;
}

export function renderBrokerLoginPage(input: LoginPageInput, formAction: string, cancelHref: string): string {
  const { lang } = input;
  const methodName = identificationMethodName(lang, input.acrValue);
  const serviceName = message(lang, 'server.broker.serviceName');
  const title = methodName ? message(lang, 'server.broker.pageTitle', { method: methodName }) : serviceName;
  const token = `<input type="hidden" name="token" value="${escapeHtml(input.token)}">`;
  const alert = input.alert
    ? `<div class="broker__alert" role="alert"><h2>${escapeHtml(input.alert.title)}</h2><p>${escapeHtml(input.alert.description)}</p></div>`
    : '';
  const { mandate } = input;
  const ownField = identityCodeField({
    id: 'identity-code',
    name: 'identityCode',
    label: message(lang, 'server.broker.identityCode.label'),
    hint: message(lang, 'server.broker.identityCode.hint'),
    value: input.identityCode,
    error: input.identityCodeError,
    autofocus: true,
  });
  const childField = mandate
    ? identityCodeField({
        id: 'child-identity-code',
        name: 'childIdentityCode',
        label: message(lang, 'server.broker.childIdentityCode.label'),
        hint: message(lang, 'server.broker.childIdentityCode.hint'),
        value: mandate.childIdentityCode,
        error: mandate.childIdentityCodeError,
        // the first invalid field takes the focus
        autofocus: !input.identityCodeError,
      })
    : '';
  const body = `<p class="broker__service">${escapeHtml(serviceName)}</p>
<h1>${escapeHtml(methodName ?? serviceName)}</h1>
${methodName ? `<p class="broker__method"><span>${escapeHtml(message(lang, 'server.broker.methodLabel'))}:</span> <strong>${escapeHtml(methodName)}</strong></p>` : ''}
<p>${escapeHtml(message(lang, 'server.broker.intro'))}</p>
${mandate ? `<p>${escapeHtml(message(lang, 'server.broker.mandate.intro'))}</p>` : ''}
${alert}
<form method="post" action="${escapeHtml(formAction)}" class="broker__form" novalidate>
${token}
${ownField}
${childField}
<button type="submit" class="broker__continue">${escapeHtml(message(lang, 'server.broker.continue'))}</button>
</form>
<section class="broker__personas" aria-labelledby="personas-heading">
<h2 id="personas-heading">${escapeHtml(message(lang, 'server.broker.personas.heading'))}</h2>
${mandate ? mandatePicks(lang, formAction, token) : personaPicks(lang, formAction, token)}
</section>
<p class="broker__cancel"><a href="${escapeHtml(cancelHref)}">${escapeHtml(message(lang, 'server.broker.cancel'))}</a></p>`;
  return layout(lang, title, body);
}

/** Shown when the broker cannot go on (unknown or expired interaction, bad request). */
export function renderBrokerErrorPage(lang: Lang): string {
  const title = message(lang, 'server.broker.error.title');
  const body = `<p class="broker__service">${escapeHtml(message(lang, 'server.broker.serviceName'))}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message(lang, 'server.broker.error.description'))}</p>
<p><a href="${escapeHtml(loginErrorPath(lang))}">${escapeHtml(message(lang, 'server.broker.error.backToLogin'))}</a></p>`;
  return layout(lang, title, body);
}

/** 429 page of the relying party's /oauth/authenticate for browsers. */
export function renderTooManyAttemptsPage(lang: Lang, loginHref: string): string {
  const title = message(lang, 'server.identity.tooManyRequests.title');
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message(lang, 'server.identity.tooManyRequests.description'))}</p>
<p><a href="${escapeHtml(loginHref)}">${escapeHtml(message(lang, 'server.identity.backToLogin'))}</a></p>`;
  return layout(lang, title, body);
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
