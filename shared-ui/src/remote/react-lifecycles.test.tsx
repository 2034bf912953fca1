import { screen } from '@testing-library/react';
import { actOnLifecycle } from '../test-utils';
import { reactLifecycles, type SingleSpaProps } from './react-lifecycles';

// The lifecycles every remote's pages and parcels are mounted with (createRemote, createParcel): the
// mount and update promises resolve with the tree in the page (the shell removes its loading view
// then), though the render itself runs as a transition that yields to the browser.

interface Props extends SingleSpaProps {
  text: string;
}

function Thrower(): never {
  throw new Error('render failed');
}

let host: HTMLElement;
beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => host.remove());

test('mount resolves with the tree in the page; update resolves with the new tree; unmount empties the element', async () => {
  const lifecycles = reactLifecycles<Props>(({ text }) => <p>{text}</p>);
  const props = { name: 'parcel-1', domElement: host, text: 'first' };
  await actOnLifecycle(() => lifecycles.mount(props));
  expect(screen.getByText('first')).toBeInTheDocument();
  await actOnLifecycle(() => lifecycles.update({ ...props, text: 'second' }));
  expect(screen.getByText('second')).toBeInTheDocument();
  await actOnLifecycle(() => lifecycles.unmount(props));
  expect(host).toBeEmptyDOMElement();
});

test('prepare is awaited before the render (the texts of the page’s language)', async () => {
  const order: string[] = [];
  const lifecycles = reactLifecycles<Props>(
    ({ text }) => {
      order.push('render');
      return <p>{text}</p>;
    },
    async () => {
      order.push('prepare');
    },
  );
  await actOnLifecycle(() => lifecycles.mount({ name: 'parcel-2', domElement: host, text: 'ready' }));
  expect(order[0]).toBe('prepare');
  expect(screen.getByText('ready')).toBeInTheDocument();
});

test('a render that throws past every error boundary still resolves the mount, leaves the element empty and reports the error', async () => {
  const reported = jest.fn();
  const original = window.reportError;
  window.reportError = reported;
  // as in the browser: without an act scope, which would collect the error and throw it itself
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    const lifecycles = reactLifecycles<Props>(() => <Thrower />);
    await lifecycles.mount({ name: 'parcel-3', domElement: host, text: '' });
    expect(host).toBeEmptyDOMElement();
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }));
  } finally {
    window.reportError = original;
    environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
});

test('two parcels of one name-space stay apart: each name has its own root', async () => {
  const other = document.body.appendChild(document.createElement('div'));
  const lifecycles = reactLifecycles<Props>(({ text }) => <p>{text}</p>);
  await actOnLifecycle(() => lifecycles.mount({ name: 'a', domElement: host, text: 'in a' }));
  await actOnLifecycle(() => lifecycles.mount({ name: 'b', domElement: other, text: 'in b' }));
  await actOnLifecycle(() => lifecycles.unmount({ name: 'a', domElement: host, text: '' }));
  expect(host).toBeEmptyDOMElement();
  expect(other).toHaveTextContent('in b');
  other.remove();
});
