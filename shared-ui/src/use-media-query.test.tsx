import { act, render, screen } from '@testing-library/react';
import { useMediaQuery } from './useMediaQuery';

type Listener = () => void;

/** A matchMedia whose one query's answer the test sets, telling its listeners as a browser does. */
function fakeMatchMedia(initial: boolean) {
  const listeners = new Set<Listener>();
  const list = {
    matches: initial,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn(() => list as unknown as MediaQueryList);
  return {
    set(matches: boolean) {
      list.matches = matches;
      listeners.forEach((listener) => listener());
    },
    listenerCount: () => listeners.size,
  };
}

function Probe() {
  return <p>{useMediaQuery('(max-width: 480px)') ? 'small' : 'large'}</p>;
}

describe('useMediaQuery', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  test('answers the query now and follows its changes, and stops listening when unmounted', () => {
    const media = fakeMatchMedia(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('small')).toBeInTheDocument();
    act(() => media.set(false));
    expect(screen.getByText('large')).toBeInTheDocument();
    expect(window.matchMedia).toHaveBeenCalledWith('(max-width: 480px)');
    unmount();
    expect(media.listenerCount()).toBe(0);
  });

  test('is false where the browser has no matchMedia', () => {
    // jsdom has none; make sure of it whatever another test left
    Object.defineProperty(window, 'matchMedia', { value: undefined, writable: true, configurable: true });
    render(<Probe />);
    expect(screen.getByText('large')).toBeInTheDocument();
  });
});
