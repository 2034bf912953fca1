import { act, render, screen } from '@testing-library/react';
import { PageFrame } from './PageFrame';

function Page() {
  return <h1 tabIndex={-1}>Visits</h1>;
}

describe('PageFrame', () => {
  test("moves focus to the page's h1 when the page arrives", async () => {
    render(
      <PageFrame onError={jest.fn()}>
        <Page />
      </PageFrame>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
  });

  test("focusHeading={false} leaves focus where it is: the shell's layout moves it for its own pages", async () => {
    render(
      <PageFrame onError={jest.fn()} focusHeading={false}>
        <Page />
      </PageFrame>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Visits' });
    // The frame could move focus only in its effect or in its heading watcher's MutationObserver
    // callback (a microtask): once act has flushed both, it would have done so (no sleeping).
    await act(async () => {});
    expect(heading).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});
