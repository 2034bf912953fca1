import { act, screen } from '@testing-library/react';
import { createFakeShell, routeTableFor } from '../test-utils/fake-shell';
import { actOnLifecycle } from '../test-utils/act-on-lifecycle';

// Counts the imports of react-router-dom: shared-ui is a federation singleton fetched whole, so
// what its entry imports statically every page fetches, the front page's parcels included.
const mockRouterImported = jest.fn();
jest.mock('react-router-dom', () => {
  mockRouterImported();
  return jest.requireActual<object>('react-router-dom');
});

const REMOTE_ID = 'mf-test';
const routes = routeTableFor(REMOTE_ID, [{ id: 'records.visits', paths: { fi: 'kaynnit', sv: 'besoken', en: 'visits' }, kind: 'logged-in' }]);
const empty = async () => ({ default: {} });
const remote = { remoteId: REMOTE_ID, messages: { fi: empty, sv: empty, en: empty } };

test('react-router comes with a remote’s pages, not with shared-ui’s entry nor a parcel', async () => {
  window.history.pushState(null, '', '/en/visits');
  const { createParcel, createRemote } = await import('../index');
  const shell = createFakeShell(routes);

  const parcel = createParcel(remote, () => <p>Summary</p>);
  const parcelProps = { name: 'parcel-1', shell, domElement: document.body.appendChild(document.createElement('div')) };
  await actOnLifecycle(() => parcel.mount(parcelProps));
  expect(screen.getByText('Summary')).toBeInTheDocument();
  expect(mockRouterImported).not.toHaveBeenCalled();

  const app = createRemote({ ...remote, pages: { 'records.visits': () => <h1>Visits</h1> }, pageStates: {} });
  const appProps = { name: 'app', shell, domElementGetter: () => document.body.appendChild(document.createElement('div')) };
  await actOnLifecycle(() => app.mount(appProps));
  expect(await screen.findByRole('heading', { name: 'Visits' })).toBeInTheDocument();
  expect(mockRouterImported).toHaveBeenCalledTimes(1);

  await act(() => app.unmount(appProps));
  await act(() => parcel.unmount(parcelProps));
});
