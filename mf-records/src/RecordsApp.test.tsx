import { render, screen } from '@testing-library/react';
import { createFakeShell, pageState } from '../test/shell-fake';
import { imagingState } from '../test/fixtures';
import { RecordsApp } from './RecordsApp';

describe('records app', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  test('renders the page of the current path from the route table, in the current language', () => {
    window.history.pushState({}, '', '/sv/bildbehandling');
    const shell = createFakeShell({ lang: 'sv' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.imaging', imagingState));
    render(<RecordsApp shell={shell} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bildbehandlingsresultat' })).toBeInTheDocument();
    expect(screen.getByText('Ingen rubrik')).toBeInTheDocument();
  });

  test('renders nothing on a path of another remote', () => {
    window.history.pushState({}, '', '/fi/viestit');
    const { container } = render(<RecordsApp shell={createFakeShell({ lang: 'fi' })} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('a page that throws shows the error view with a retry', () => {
    window.history.pushState({}, '', '/en/visits');
    const shell = createFakeShell();
    shell.takeInitialPageState.mockImplementation(() => {
      throw new Error('boom');
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<RecordsApp shell={shell} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Apologies! Something went wrong...');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(shell.errors.report).toHaveBeenCalledWith(expect.any(Error), 'mf-records');
  });
});
