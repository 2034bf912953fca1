import { within } from '@testing-library/react';
import { initialStateFor, remoteTestKit, serverHtmlInDocument } from '@portal/shared-ui/test-utils';
import type { RouteDefinitionInput } from '@portal/shared-api';
import routes from '../routes.json';
import * as app from './app';
import { render as prerender } from './prerender';
import { paymentsRemote } from './remote';
import { createFakeShell, pageState } from '../test/shell-fake';
import { invoicesState, listedInvoice } from '../test/invoice-fixtures';

// Issue 31: the server's HTML of the invoices list is the markup the remote's ./app renders first
// with the same page state, so the first paint is the page and the remote's mount changes nothing.

const kit = remoteTestKit(paymentsRemote, routes as RouteDefinitionInput[]);

async function bothRenders(url: string) {
  const lang = url.slice(1, 3) as 'fi' | 'sv' | 'en';
  const page = pageState('payments.invoices', invoicesState([listedInvoice({ status: 'open' }), listedInvoice({ id: '2', invoiceNumber: '1002', status: 'paid' })]));
  const shell = createFakeShell({ lang });
  const html = prerender({ state: initialStateFor(shell, page), url });
  if (html === null) throw new Error(`no pre-rendered page for ${url}`);
  const server = serverHtmlInDocument(html);
  shell.takeInitialPageState.mockReturnValue(page);
  const { host } = await kit.mountApp(app, shell, url);
  return { server, browserHtml: host.innerHTML };
}

describe('pre-rendered invoices list', () => {
  test.each(['/fi/laskut', '/sv/fakturor', '/en/invoices'])('%s: the same markup as the remote renders, with the invoices in it', async (url) => {
    const { server, browserHtml } = await bothRenders(url);
    expect(server.innerHTML.replace(' data-prerendered="payments.invoices"', '')).toBe(browserHtml);
    expect(within(server).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(server).getAllByRole('listitem')).toHaveLength(2);
  });

  test('renders nothing for another page', () => {
    const shell = createFakeShell({ lang: 'en' });
    expect(prerender({ state: initialStateFor(shell, pageState('payments.invoices', invoicesState([]))), url: '/en/pay/1001' })).toBeNull();
  });
});
