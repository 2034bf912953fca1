import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../test-utils/render';
import { PageLoadStatus } from './PageLoadStatus';

describe('PageLoadStatus', () => {
  test('while loading it shows the spinner only', () => {
    renderWithIntl(<PageLoadStatus page={{ status: 'loading' }} retry={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed load is announced with a retry that asks again', async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    renderWithIntl(<PageLoadStatus page={{ status: 'error' }} retry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Apologies! Something went wrong...');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  test('once ready it shows nothing', () => {
    const { container } = renderWithIntl(<PageLoadStatus page={{ status: 'ready', data: { any: 'state' } }} retry={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
