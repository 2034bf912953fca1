import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../test-utils/render';
import { createToastStore } from './toast-store';
import { ToastRegion } from './ToastRegion';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const store = createToastStore();
  renderWithIntl(<ToastRegion store={store} />);
  const region = screen.getByRole('region', { name: 'Notifications' });
  return { store, region, polite: within(region).getByRole('status'), assertive: within(region).getByRole('alert') };
}

test('a toast disappears by itself after 10 seconds', () => {
  const { store, polite } = setup();
  act(() => {
    store.getState().show({ kind: 'success', text: 'Message sent' });
  });
  expect(within(polite).getByText('Message sent')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(9_999));
  expect(within(polite).getByText('Message sent')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(within(polite).queryByText('Message sent')).not.toBeInTheDocument();
});

test('a toast with its own duration stays 15 seconds', () => {
  const { store, polite } = setup();
  act(() => {
    store.getState().show({ kind: 'info', text: 'Conversation closed', durationMs: 15_000 });
  });
  act(() => jest.advanceTimersByTime(14_999));
  expect(within(polite).getByText('Conversation closed')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Conversation closed')).not.toBeInTheDocument();
});

test('errors are announced assertively, other toasts politely', () => {
  const { store, polite, assertive } = setup();
  act(() => {
    store.getState().show({ kind: 'error', text: 'Network error. Please try again.' });
    store.getState().show({ kind: 'warning', text: 'Your session ends in 90 seconds', detail: 'Continue to stay signed in' });
  });
  expect(assertive).toHaveAttribute('aria-live', 'assertive');
  expect(polite).toHaveAttribute('aria-live', 'polite');
  expect(within(assertive).getByText('Network error. Please try again.')).toBeInTheDocument();
  expect(within(polite).getByText('Your session ends in 90 seconds')).toBeInTheDocument();
  expect(within(polite).getByText('Continue to stay signed in')).toBeInTheDocument();
  expect(within(assertive).queryByText('Your session ends in 90 seconds')).not.toBeInTheDocument();
});

test('the dismiss button closes only its toast', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { store } = setup();
  act(() => {
    store.getState().show({ kind: 'success', text: 'First' });
    store.getState().show({ kind: 'success', text: 'Second' });
  });
  const [firstDismiss] = screen.getAllByRole('button', { name: 'Dismiss notification' });
  await user.click(firstDismiss as HTMLElement);
  expect(screen.queryByText('First')).not.toBeInTheDocument();
  expect(screen.getByText('Second')).toBeInTheDocument();
  expect(store.getState().toasts).toHaveLength(1);
});

test('show returns an id that dismisses the toast', () => {
  const { store } = setup();
  let id = '';
  act(() => {
    id = store.getState().show({ kind: 'info', text: 'Saving' });
  });
  act(() => store.getState().dismiss(id));
  expect(screen.queryByText('Saving')).not.toBeInTheDocument();
});
