import type { PaymentProvider } from '@portal/shared-api';

/** Only a web address is posted to: a provider url the browser would run as script is refused. */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Spec part 2 §4 and §7 "POST to each provider url": the browser leaves for the provider with a form
 * POST of the provider's parameters as hidden fields, as the provider's protocol requires (its
 * signature covers them; a GET or a fetch would not be accepted). Returns false when the url is not
 * a web address (nothing is submitted).
 */
export function submitProviderForm(provider: Pick<PaymentProvider, 'url' | 'parameters'>, doc: Document = document): boolean {
  if (!isWebUrl(provider.url)) return false;
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = provider.url;
  form.hidden = true;
  for (const { name, value } of provider.parameters) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return true;
}
