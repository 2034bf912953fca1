import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../test/render-shell';

// Each of the shell's own pages is a chunk of its own (pages/index.ts). A chunk that does not arrive
// (a deployment replaced it, the network dropped) must not take the layout down with it.
let mockTermsArrive = false;
jest.mock('./TermsPage', () => {
  if (!mockTermsArrive) throw new Error('ChunkLoadError: Loading chunk page-terms failed');
  return jest.requireActual('./TermsPage');
});

describe("the shell's own pages, each its own chunk", () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined)); // React logs the caught error
  afterEach(() => jest.restoreAllMocks());

  test("a page whose code does not arrive shows the error view in <main>, the layout stays, and its retry imports the page again", async () => {
    const user = userEvent.setup();
    const { runtime } = renderShell('/en/eula', { state: { user: null, session: null } });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Apologies! Something went wrong...' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(runtime.shell.errors.report).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('ChunkLoadError') }), '@portal/shell');

    mockTermsArrive = true;
    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(await within(main).findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
  });
});
