import { screen } from '@testing-library/react';
import { act } from 'react';
import { createTestRuntime } from '../test/render-shell';
import { clearPrerenderedPage, takePrerenderedHosts } from './prerendered-hosts';
import { createRemoteFallbackRenderer } from './remote-fallback';

// The server's HTML of a remote's anonymous page (server/src/pages/skeleton.ts) stays until the
// remote mounts over it: the shell takes its host element, shows no spinner over it, and removes it
// when the remote fails.
function serverHtml(): HTMLElement {
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML =
    '<div class="shell shell--skeleton"><main class="shell-main"><div class="shell-remote-outlet">' +
    '<div class="shell-remote-host" data-remote="mf-booking"><style>.x{}</style><div data-prerendered="booking.landing"><h1>Ajanvaraus</h1><a href="/fi/ajanvaraus/yksityisasiakas">Yksityisasiakas</a></div></div>' +
    '</div></main></div>';
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test("takes the remote's pre-rendered host, which keeps the page when the skeleton is removed", () => {
  const root = serverHtml();
  const hosts = takePrerenderedHosts(root);
  expect([...hosts.keys()]).toEqual(['mf-booking']);
  root.innerHTML = ''; // the layout's first render replaces the skeleton
  document.body.appendChild(hosts.get('mf-booking')!);
  expect(screen.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Yksityisasiakas' })).toHaveAttribute('href', '/fi/ajanvaraus/yksityisasiakas');
});

test('no spinner over the page while the remote loads; its error view replaces the page', async () => {
  const host = takePrerenderedHosts(serverHtml()).get('mf-booking')!;
  const render = createRemoteFallbackRenderer(createTestRuntime({ state: { lang: 'en' } }));
  await act(async () => {
    render(host, { kind: 'loading' });
  });
  expect(host.querySelector('.shell-remote-fallback')).toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeInTheDocument();

  await act(async () => {
    render(host, { kind: 'error', error: new Error('down'), retry: () => undefined });
  });
  expect(screen.queryByRole('heading', { name: 'Ajanvaraus' })).not.toBeInTheDocument();
  expect(host.querySelector('style')).toBeNull();
  expect(screen.getByText('This part of the service could not be loaded. Please try again.')).toBeInTheDocument();
});

test('a host without a pre-rendered page is not taken, and clearing leaves a rendered remote alone', () => {
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML = '<div class="shell-remote-host" data-remote="mf-records"><div><h1>Käynnit</h1></div></div>';
  expect(takePrerenderedHosts(root).size).toBe(0);
  clearPrerenderedPage(root.firstElementChild as HTMLElement);
  expect(screen.getByRole('heading', { name: 'Käynnit' })).toBeInTheDocument();
});
