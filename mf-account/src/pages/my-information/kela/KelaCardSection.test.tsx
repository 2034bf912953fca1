import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  KELA_CARD_PATH,
  KELA_FILE_TYPE_MESSAGE,
  KELA_FINISH_UPLOAD_PATH,
  KELA_INIT_UPLOAD_PATH,
  KELA_UPLOAD_TIMEOUT_MS,
  type KelaCardResponse,
  type KelaInitUploadResponse,
} from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell, type FakeShell } from '../../../../test/shell-fake';
import { KelaCardSection } from './KelaCardSection';

/** A stand-in for XMLHttpRequest: records each PUT and lets the test drive its progress and answer. */
class FakeXhr extends EventTarget {
  static instances: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  withCredentials = true;
  aborted = false;
  constructor() {
    super();
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  answer(status: number) {
    this.status = status;
    this.dispatchEvent(new Event('load'));
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.instances = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  jest.useRealTimers();
});

const NO_CARD: KelaCardResponse = { imageUrl: { front: null, back: null } };
const SAVED: KelaCardResponse = { imageUrl: { front: '/api/kela-card/image/front?v=a', back: '/api/kela-card/image/back?v=b' } };
const TICKET: KelaInitUploadResponse = {
  front: { url: '/api/attachments/upload/front-key?expires=1&signature=s' },
  back: { url: 'https://bucket.example/uploads/back-key?X-Amz-Signature=x&x-amz-meta-side=back' },
  token: 'upload-token',
};

const png = (name = 'front.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const jpeg = (name = 'back.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

function setup(card: KelaCardResponse | Error = NO_CARD, shell: FakeShell = createFakeShell()) {
  shell.api.use({ [`GET ${KELA_CARD_PATH}`]: card, [`POST ${KELA_INIT_UPLOAD_PATH}`]: TICKET, [`GET ${KELA_FINISH_UPLOAD_PATH}`]: { type: 'success' } });
  renderWithShell(<KelaCardSection />, shell);
  return shell;
}

const frontInput = () => screen.getByLabelText('Front side of the Kela card');
const backInput = () => screen.getByLabelText('Back side of the Kela card');
const uploadButton = () => screen.getByRole('button', { name: /Upload images/ });
const callsTo = (shell: FakeShell, method: string, path: string) => shell.api.calls.filter((c) => c.method === method && c.path === path);

describe('Kela card section', () => {
  test('shows the saved images with alt texts, asked with the csrfToken', async () => {
    const shell = setup(SAVED);
    expect(screen.getByRole('heading', { level: 2, name: 'Kela card' })).toBeInTheDocument();
    const saved = await screen.findByRole('list', { name: 'Your saved Kela card' });
    expect(within(saved).getByRole('img', { name: 'Your Kela card, front side' })).toHaveAttribute('src', SAVED.imageUrl.front);
    expect(within(saved).getByRole('img', { name: 'Your Kela card, back side' })).toHaveAttribute('src', SAVED.imageUrl.back);
    expect(callsTo(shell, 'GET', KELA_CARD_PATH)[0]?.searchParams).toEqual({ csrfToken: 'csrf' });
    expect(screen.getByRole('heading', { level: 3, name: 'Replace the Kela card' })).toBeInTheDocument();
  });

  test("with the card in the page's state (issue 31) it shows at once and asks for nothing", () => {
    const shell = createFakeShell();
    renderWithShell(<KelaCardSection initial={SAVED} />, shell);
    const saved = screen.getByRole('list', { name: 'Your saved Kela card' });
    expect(within(saved).getByRole('img', { name: 'Your Kela card, front side' })).toHaveAttribute('src', SAVED.imageUrl.front);
    expect(callsTo(shell, 'GET', KELA_CARD_PATH)).toHaveLength(0);
  });

  test('says when there is no card, and the load error with a retry that works', async () => {
    const shell = createFakeShell();
    shell.api.use({ [`GET ${KELA_CARD_PATH}`]: mockFailure({ kind: 'network' }) });
    renderWithShell(<KelaCardSection />, shell);
    expect(await screen.findByText('Failed to retrieve the Kela card information')).toBeInTheDocument();
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'kela-card');
    shell.api.use({ [`GET ${KELA_CARD_PATH}`]: NO_CARD });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not added a Kela card.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to retrieve the Kela card information')).not.toBeInTheDocument();
  });

  test('uploads only when both sides are ready, and refuses other files than JPEG and PNG before any call', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const shell = setup();
    await screen.findByText('You have not added a Kela card.');
    expect(frontInput()).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.getAllByText('No image chosen')).toHaveLength(2);
    expect(uploadButton()).toBeDisabled();

    await user.upload(frontInput(), png());
    expect(screen.getByText('Ready to upload')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();

    await user.upload(backInput(), new File(['GIF89a'], 'back.gif', { type: 'image/gif' }));
    expect(screen.getByText(KELA_FILE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(backInput()).toHaveAttribute('aria-invalid', 'true');
    expect(uploadButton()).toBeDisabled();

    // a renamed file the browser types by its name is refused the same way
    await user.upload(backInput(), new File(['%PDF'], 'back.pdf', { type: 'application/pdf' }));
    expect(uploadButton()).toBeDisabled();

    await user.upload(backInput(), jpeg());
    expect(screen.getAllByText('Ready to upload')).toHaveLength(2);
    expect(uploadButton()).toBeEnabled();
    expect(callsTo(shell, 'POST', KELA_INIT_UPLOAD_PATH)).toHaveLength(0);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  test('init-upload, one PUT per side with progress and the §7 headers, finish-upload, then the saved images', async () => {
    const user = userEvent.setup();
    const shell = setup();
    await screen.findByText('You have not added a Kela card.');
    await user.upload(frontInput(), png());
    await user.upload(backInput(), jpeg());
    await user.click(uploadButton());

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(callsTo(shell, 'POST', KELA_INIT_UPLOAD_PATH)[0]?.json).toEqual({ mimetypes: { front: 'image/png', back: 'image/jpeg' } });
    const [front, back] = FakeXhr.instances as [FakeXhr, FakeXhr];
    // the portal's own URL gets the csrfToken; the bucket's presigned URL is left alone
    expect(front.method).toBe('PUT');
    expect(front.url).toBe('/api/attachments/upload/front-key?expires=1&signature=s&csrfToken=csrf');
    expect(front.headers).toEqual({ 'Content-Type': 'image/png', 'Cache-Control': 'max-age=0' });
    expect(back.url).toBe(TICKET.back.url);
    expect(back.headers).toEqual({ 'Content-Type': 'image/jpeg', 'Cache-Control': 'max-age=0', 'x-amz-meta-side': 'back' });
    expect(front.body).toBeInstanceOf(File);

    const frontBar = screen.getByRole('progressbar', { name: 'Upload of the front side' });
    expect(frontBar).toHaveAttribute('value', '0');
    expect(frontBar).toHaveAttribute('max', '100');
    expect(frontInput()).toBeDisabled();
    act(() => front.progress(50, 200));
    expect(frontBar).toHaveAttribute('value', '25');
    await act(async () => front.answer(200));
    expect(screen.queryByRole('progressbar', { name: 'Upload of the front side' })).not.toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(callsTo(shell, 'GET', KELA_FINISH_UPLOAD_PATH)).toHaveLength(0);

    shell.api.use({ [`GET ${KELA_CARD_PATH}`]: SAVED });
    await act(async () => back.answer(200));
    const saved = await screen.findByText('The Kela card images have been saved.');
    expect(saved.closest('[role="status"]')).not.toBeNull();
    expect(callsTo(shell, 'GET', KELA_FINISH_UPLOAD_PATH)[0]?.searchParams).toEqual({ csrfToken: 'csrf', token: 'upload-token' });
    expect(await screen.findByRole('img', { name: 'Your Kela card, front side' })).toBeInTheDocument();
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    expect(shell.analytics.push).toHaveBeenCalledWith('kelaImagesSuccess');

    // a new choice after the upload starts over: both sides missing, then the chosen one ready
    await user.upload(backInput(), jpeg('new-back.jpg'));
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
    expect(screen.getByText('Ready to upload')).toBeInTheDocument();
    expect((frontInput() as HTMLInputElement).value).toBe('');
    expect(uploadButton()).toBeDisabled();
  });

  test('gives up a PUT after 120 s: the side fails with "Failed to add the image" and nothing is finished', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const shell = setup();
    await screen.findByText('You have not added a Kela card.');
    await user.upload(frontInput(), png());
    await user.upload(backInput(), jpeg());
    await user.click(uploadButton());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [front, back] = FakeXhr.instances as [FakeXhr, FakeXhr];
    await act(async () => front.answer(200));

    act(() => jest.advanceTimersByTime(KELA_UPLOAD_TIMEOUT_MS - 1));
    expect(screen.getByRole('progressbar', { name: 'Upload of the back side' })).toBeInTheDocument();
    expect(back.aborted).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(back.aborted).toBe(true);
    expect(await screen.findAllByText('Failed to add the image')).not.toHaveLength(0);
    expect(within(screen.getByRole('alert')).getByText('Failed to add the image')).toBeInTheDocument();
    expect(backInput()).toHaveAttribute('aria-invalid', 'true');
    expect(backInput()).toBeEnabled();
    expect(callsTo(shell, 'GET', KELA_FINISH_UPLOAD_PATH)).toHaveLength(0);
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'kela-card');
    expect(shell.analytics.push).toHaveBeenCalledWith('kelaImagesError');
  });

  test("shows the server's refusal of one side's bytes with §5's message next to that side", async () => {
    const user = userEvent.setup();
    const shell = setup();
    shell.api.use({
      [`GET ${KELA_FINISH_UPLOAD_PATH}`]: mockFailure({ kind: 'validation', details: [{ path: 'front', message: KELA_FILE_TYPE_MESSAGE }] }),
    });
    await screen.findByText('You have not added a Kela card.');
    await user.upload(frontInput(), png('renamed.png'));
    await user.upload(backInput(), jpeg());
    await user.click(uploadButton());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    for (const xhr of FakeXhr.instances) await act(async () => xhr.answer(200));
    expect(await screen.findByText(KELA_FILE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(frontInput()).toHaveAttribute('aria-invalid', 'true');
    expect(backInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
  });

  test('a PUT the portal refuses with 400 (bytes not what the type says) shows the file-type message', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText('You have not added a Kela card.');
    await user.upload(frontInput(), png());
    await user.upload(backInput(), jpeg());
    await user.click(uploadButton());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [front, back] = FakeXhr.instances as [FakeXhr, FakeXhr];
    await act(async () => front.answer(400));
    await act(async () => back.answer(200));
    expect(await screen.findByText(KELA_FILE_TYPE_MESSAGE)).toBeInTheDocument();
  });

  test('a failed init-upload fails both sides', async () => {
    const user = userEvent.setup();
    const shell = setup();
    shell.api.use({ [`POST ${KELA_INIT_UPLOAD_PATH}`]: mockFailure({ kind: 'http', status: 500 }) });
    await screen.findByText('You have not added a Kela card.');
    await user.upload(frontInput(), png());
    await user.upload(backInput(), jpeg());
    await user.click(uploadButton());
    await waitFor(() => expect(frontInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(backInput()).toHaveAttribute('aria-invalid', 'true');
    expect(FakeXhr.instances).toHaveLength(0);
  });
});
