import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { createFakeShell, renderWithIntl, routeTableFor, type FakeShell } from '../test-utils';
import { ShellProvider, type RemoteParcelHandle } from '../shell-context';
import { RemoteParcel } from './RemoteParcel';

const routes = routeTableFor('mf-test', []);

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A parent whose callback changes on every render, as a page's inline arrow functions do. */
function Host({ onDone }: { onDone(label: string, answer: unknown): void }) {
  const [count, setCount] = useState(0);
  return (
    <ShellProviderFromTest>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Re-render {count}
      </button>
      <RemoteParcel remoteId="mf-account" exposed="./consent-form" parcelProps={{ onDone: (answer: unknown) => onDone(`render ${count}`, answer), mode: 'inline' }} />
    </ShellProviderFromTest>
  );
}

let currentShell: FakeShell;
function ShellProviderFromTest({ children }: { children: ReactNode }) {
  return <ShellProvider value={currentShell}>{children}</ShellProvider>;
}

describe('RemoteParcel', () => {
  test('asks the shell to mount the remote’s parcel into its own element, shows a spinner until it is mounted, and unmounts it when it goes', async () => {
    currentShell = createFakeShell(routes);
    const mounted = deferred();
    const unmount = jest.fn(async () => undefined);
    currentShell.mountParcel.mockImplementation((_remote, _exposed, element): RemoteParcelHandle => {
      element.textContent = 'The consent form';
      return { mountPromise: mounted.promise, unmount };
    });
    const view = renderWithIntl(<Host onDone={jest.fn()} />);
    expect(currentShell.mountParcel).toHaveBeenCalledWith('mf-account', './consent-form', expect.any(HTMLElement), expect.objectContaining({ mode: 'inline' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => mounted.resolve());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('The consent form')).toBeVisible();
    view.unmount();
    expect(unmount).toHaveBeenCalledTimes(1);
  });

  test('the parcel’s callback reaches the page’s latest one, and a re-render does not mount it again', async () => {
    currentShell = createFakeShell(routes);
    const onDone = jest.fn();
    renderWithIntl(<Host onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Re-render 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Re-render 1' }));
    expect(currentShell.mountParcel).toHaveBeenCalledTimes(1);
    const props = currentShell.mountParcel.mock.calls[0]?.[3] as { onDone(answer: unknown): void };
    act(() => props.onDone({ type: 'success' }));
    expect(onDone).toHaveBeenCalledWith('render 2', { type: 'success' });
  });

  test('a parcel that cannot be loaded: an error in its place, reported, and Try again mounts it anew', async () => {
    currentShell = createFakeShell(routes);
    const failure = new Error('ChunkLoadError');
    currentShell.mountParcel
      .mockImplementationOnce(() => ({ mountPromise: Promise.reject(failure), unmount: async () => undefined }))
      .mockImplementationOnce((_remote, _exposed, element) => {
        element.textContent = 'The consent form';
        return { mountPromise: Promise.resolve(), unmount: async () => undefined };
      });
    renderWithIntl(<Host onDone={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is temporarily unavailable.');
    expect(currentShell.errors.report).toHaveBeenCalledWith(failure, 'parcel:mf-account/./consent-form');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The consent form')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentShell.mountParcel).toHaveBeenCalledTimes(2);
  });
});
