import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../test-utils/render';
import { Alert } from './Alert';
import { Button } from './Button';
import { SummaryCard } from './Card';
import { EmptyState } from './EmptyState';
import { ErrorView } from './ErrorView';
import { LinkButton } from './LinkButton';
import { LinkName } from './LinkName';
import { PageHeading } from './PageHeading';
import { Spinner } from './Spinner';

describe('ErrorView', () => {
  test('says sorry and the retry button calls back', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    renderWithIntl(<ErrorView onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Apologies! Something went wrong...' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('takes its own title and text, in the user language, and has no button without onRetry', () => {
    renderWithIntl(<ErrorView title="Tuloksia ei löytynyt" text="Yritä myöhemmin." headingLevel={1} />, { lang: 'fi' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tuloksia ei löytynyt' })).toBeInTheDocument();
    expect(screen.getByText('Yritä myöhemmin.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('the default title is translated', () => {
    renderWithIntl(<ErrorView onRetry={jest.fn()} />, { lang: 'sv' });
    expect(screen.getByRole('heading', { name: 'Vi ber om ursäkt! Något gick fel...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});

describe('Button', () => {
  test('calls back on click', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithIntl(<Button onClick={onClick}>Send</Button>);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('while loading it is busy, announces loading and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithIntl(
      <Button onClick={onClick} loading>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Send/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleName('Send Loading…');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  test('is a plain button, not a submit, unless asked', () => {
    renderWithIntl(<Button>Open</Button>);
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Open' })).not.toHaveAttribute('aria-busy');
  });
});

test('LinkButton navigates on the client on a plain click', async () => {
  const user = userEvent.setup();
  const onNavigate = jest.fn();
  renderWithIntl(
    <LinkButton href="/fi/laboratorio" onNavigate={onNavigate}>
      Laboratoriotulokset
    </LinkButton>,
  );
  const link = screen.getByRole('link', { name: 'Laboratoriotulokset' });
  expect(link).toHaveAttribute('href', '/fi/laboratorio');
  await user.click(link);
  expect(onNavigate).toHaveBeenCalledWith('/fi/laboratorio');
});

describe('Alert', () => {
  test('errors and warnings are alerts, info and success are status messages', () => {
    renderWithIntl(
      <>
        <Alert variant="error" title="Prescription renewal failed." />
        <Alert variant="success">Saved</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Prescription renewal failed.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  test('a static notice is not announced', () => {
    renderWithIntl(<Alert variant="warning" announce={false}>Messaging is currently offline</Alert>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Messaging is currently offline')).toBeInTheDocument();
  });
});

test('Spinner is a status with a hidden label', () => {
  const { unmount } = renderWithIntl(<Spinner />, { lang: 'fi' });
  expect(screen.getByRole('status')).toHaveTextContent('Ladataan…');
  unmount();
  renderWithIntl(<Spinner label="Loading results" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading results');
  expect(screen.getByText('Loading results')).toHaveClass('portal-visually-hidden');
});

describe('SummaryCard', () => {
  test('a named region with its heading, list and a show-all link', async () => {
    const user = userEvent.setup();
    const onNavigate = jest.fn();
    renderWithIntl(
      <SummaryCard
        heading="Laboratory results"
        items={[
          { key: '1', content: '18 November 2026' },
          { key: '2', content: '10 November 2026' },
        ]}
        emptyText="No laboratory results"
        showAllHref="/en/laboratory"
        onNavigate={onNavigate}
      />,
    );
    const card = screen.getByRole('region', { name: 'Laboratory results' });
    expect(screen.getByRole('heading', { level: 2, name: 'Laboratory results' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(card).not.toHaveTextContent('No laboratory results');
    await user.click(screen.getByRole('link', { name: 'Show all' }));
    expect(onNavigate).toHaveBeenCalledWith('/en/laboratory');
  });

  test('shows its empty text when there are no items', () => {
    renderWithIntl(<SummaryCard heading="Kuvantaminen" items={[]} emptyText="Ei kuvantamistutkimuksia" />, { lang: 'fi' });
    expect(screen.getByText('Ei kuvantamistutkimuksia')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

test('EmptyState uses the common text by default', () => {
  renderWithIntl(<EmptyState title="Inga besök" />, { lang: 'sv' });
  expect(screen.getByRole('heading', { name: 'Inga besök' })).toBeInTheDocument();
  expect(screen.getByText('Här finns inget ännu.')).toBeInTheDocument();
});

test('PageHeading takes focus on mount only when asked', () => {
  const { unmount } = renderWithIntl(<PageHeading focusOnMount>Laboratoriotulokset</PageHeading>);
  expect(screen.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toHaveFocus();
  unmount();
  renderWithIntl(<PageHeading>Reseptit</PageHeading>);
  expect(screen.getByRole('heading', { level: 1, name: 'Reseptit' })).not.toHaveFocus();
});

describe('LinkName', () => {
  test("names the link '<text>, <context>' with exactly one space and shows only the text", () => {
    renderWithIntl(
      <a href="/en/visits/1">
        <LinkName text="Endocrinology" context="10 May 2026 at 15:00" />
      </a>,
    );
    const link = screen.getByRole('link', { name: 'Endocrinology, 10 May 2026 at 15:00' });
    expect(link).toBeInTheDocument();
    expect(screen.getByText('Endocrinology')).toHaveAttribute('aria-hidden', 'true');
  });
});
