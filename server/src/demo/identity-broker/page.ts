import { identificationMethods, type Lang } from '@portal/shared-api';
import { escapeHtml } from '../../http/server-page';
import { identityMessage as message, loginErrorPath, optionalIdentityMessage as optionalMessage, renderIdentityPage as layout } from '../../modules/identity/index';
import { demoMandates, demoPersonas } from './demo-personas';

export { BROKER_STYLESHEET_PATH, brokerStylesheet } from '../../modules/identity/index';
export { escapeHtml };

/** The method's display name: localized where the catalogue has one (mobile certificate), else the bank's own name. */
export function identificationMethodName(lang: Lang, acrValue: string | undefined): string | undefined {
  const method = identificationMethods.find((m) => m.id === acrValue);
  if (!method) return undefined;
  return optionalMessage(lang, `server.broker.method.${method.id}`) ?? method.name;
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
