import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGE_CONTENT_MAX_LENGTH, type CreateAttachmentUploadMutation } from '@portal/shared-api';
import { createMockMessagingClient } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell } from '../../test/shell-fake';
import { Composer, type OutgoingMessage } from './Composer';
import type { PutFile } from './upload';

const MB = 1024 * 1024;

function fileOf(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

let nextKey = 0;
function ticket(): CreateAttachmentUploadMutation {
  nextKey += 1;
  return {
    createAttachmentUpload: { key: String(nextKey).padStart(32, 'K'), url: `/api/attachments/uploads/${nextKey}`, expiresAt: '2026-05-10T12:05:00.000Z' },
  };
}

function setup({
  onSend = jest.fn<Promise<void>, [OutgoingMessage]>(() => Promise.resolve()),
  putFile = jest.fn<ReturnType<PutFile>, Parameters<PutFile>>(() => Promise.resolve({ ok: true, status: 200 })),
  lang = 'en',
  applyAccept = true,
}: { onSend?: (message: OutgoingMessage) => Promise<void>; putFile?: PutFile; lang?: 'en' | 'fi' | 'sv'; applyAccept?: boolean } = {}) {
  const user = userEvent.setup({ applyAccept });
  const client = createMockMessagingClient({ CreateAttachmentUpload: ticket });
  const shell = createFakeShell({ lang });
  renderWithShell(<Composer onSend={onSend} putFile={putFile} />, { shell, client });
  return {
    user,
    shell,
    client,
    onSend,
    putFile,
    textarea: screen.getByRole('textbox', { name: 'Message' }),
    sendButton: screen.getByRole('button', { name: 'Send' }),
    fileInput: screen.getByLabelText<HTMLInputElement>('Add attachments'),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('composer: the send button (spec part 1 §5)', () => {
  test('is disabled with nothing to send, and with only spaces and line breaks', async () => {
    const { user, textarea, sendButton } = setup();
    expect(sendButton).toBeDisabled();
    await user.type(textarea, '   {Enter}  ');
    expect(sendButton).toBeDisabled();
    await user.type(textarea, 'Kiitos');
    expect(sendButton).toBeEnabled();
  });

  test('is enabled by an uploaded attachment alone, and disabled while it uploads', async () => {
    const upload = deferred<{ ok: boolean; status: number }>();
    const { user, fileInput, sendButton } = setup({ putFile: jest.fn(() => upload.promise) });
    await user.upload(fileInput, fileOf('lausunto.pdf', 'application/pdf'));
    expect(await screen.findByText('Uploading lausunto.pdf…')).toBeInTheDocument();
    expect(sendButton).toBeDisabled();
    await act(async () => upload.resolve({ ok: true, status: 200 }));
    expect(sendButton).toBeEnabled();
  });

  test('is disabled while another file uploads even when there is text', async () => {
    const upload = deferred<{ ok: boolean; status: number }>();
    const { user, textarea, fileInput, sendButton } = setup({ putFile: jest.fn(() => upload.promise) });
    await user.type(textarea, 'Liitteenä lausunto');
    await user.upload(fileInput, fileOf('lausunto.pdf', 'application/pdf'));
    expect(sendButton).toBeDisabled();
    await act(async () => upload.resolve({ ok: true, status: 200 }));
    expect(sendButton).toBeEnabled();
  });

  test('is busy while sending: a spinner, and a second click sends nothing more', async () => {
    const sending = deferred<void>();
    const onSend = jest.fn(() => sending.promise);
    const { user, textarea, sendButton } = setup({ onSend });
    await user.type(textarea, 'Hei');
    await user.click(sendButton);
    expect(sendButton).toHaveAttribute('aria-busy', 'true');
    expect(sendButton).toHaveAttribute('aria-disabled', 'true');
    expect(within(sendButton).getByText('Sending the message…')).toBeInTheDocument();
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => sending.resolve());
    expect(sendButton).not.toHaveAttribute('aria-busy');
  });
});

describe('composer: sending', () => {
  test('sends the trimmed text with the uploaded attachments, then clears both', async () => {
    const { user, textarea, fileInput, sendButton, onSend } = setup();
    await user.type(textarea, '  Hei,{Enter}tässä lausunto.  ');
    await user.upload(fileInput, fileOf('lausunto.pdf', 'application/pdf'));
    await waitFor(() => expect(sendButton).toBeEnabled());
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledWith({
      content: 'Hei,\ntässä lausunto.',
      attachments: [{ key: expect.stringMatching(/^K+\d+$/), fileName: 'lausunto.pdf', contentType: 'application/pdf' }],
    });
    await waitFor(() => expect(textarea).toHaveValue(''));
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(screen.getByText('Message sent.')).toBeInTheDocument();
  });

  test('a failed send says so and keeps the text and the attachments', async () => {
    const onSend = jest.fn(() => Promise.reject(new ApiError({ kind: 'http', status: 500 })));
    const { user, textarea, fileInput, sendButton } = setup({ onSend });
    await user.type(textarea, 'Tärkeä viesti');
    await user.upload(fileInput, fileOf('lausunto.pdf', 'application/pdf'));
    await waitFor(() => expect(sendButton).toBeEnabled());
    await user.click(sendButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sending the message failed. Try again.');
    expect(textarea).toHaveValue('Tärkeä viesti');
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getByRole('listitem')).toHaveTextContent('lausunto.pdf');
    expect(sendButton).toBeEnabled();
  });

  test('a network failure shows the common network text and keeps the text', async () => {
    const onSend = jest.fn(() => Promise.reject(new ApiError({ kind: 'network' })));
    const { user, textarea, sendButton } = setup({ onSend });
    await user.type(textarea, 'Tärkeä viesti');
    await user.click(sendButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
    expect(textarea).toHaveValue('Tärkeä viesti');
  });

  test('the error goes away when the next send succeeds', async () => {
    const onSend = jest.fn<Promise<void>, [OutgoingMessage]>().mockRejectedValueOnce(new ApiError({ kind: 'network' })).mockResolvedValueOnce();
    const { user, textarea, sendButton } = setup({ onSend });
    await user.type(textarea, 'Hei');
    await user.click(sendButton);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(sendButton);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(textarea).toHaveValue('');
  });

  test('Ctrl+Enter and Cmd+Enter send; Enter alone is a new line', async () => {
    const { user, textarea, onSend } = setup();
    expect(textarea).toHaveAccessibleDescription('You can also send with Ctrl+Enter (Cmd+Enter on a Mac). 0 / 10,000 characters');
    await user.type(textarea, 'Rivi 1{Enter}Rivi 2');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledWith({ content: 'Rivi 1\nRivi 2', attachments: [] });
    await waitFor(() => expect(textarea).toHaveValue(''));
    await user.type(textarea, 'Toinen');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSend).toHaveBeenLastCalledWith({ content: 'Toinen', attachments: [] });
  });

  test('Ctrl+Enter with nothing to send sends nothing', async () => {
    const { user, textarea, onSend } = setup();
    await user.click(textarea);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('composer: a long message is never cut (issue 28)', () => {
  test('a pasted text over the limit stays whole, shows its count and the error at the field, and is not sent', async () => {
    const { user, textarea, sendButton, onSend } = setup();
    const pasted = 'a'.repeat(MESSAGE_CONTENT_MAX_LENGTH + 5);
    await user.click(textarea);
    await user.paste(pasted);
    expect(textarea).toHaveValue(pasted);
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(
      'You can also send with Ctrl+Enter (Cmd+Enter on a Mac). 10,005 / 10,000 characters The message can be at most 10,000 characters long. Shorten the message.',
    );
    await user.click(sendButton);
    expect(onSend).not.toHaveBeenCalled();
    expect(textarea).toHaveFocus();
    expect(textarea).toHaveValue(pasted);
  });

  test('at the limit it sends; blanks around the text do not count', async () => {
    const { user, textarea, sendButton, onSend } = setup();
    const text = 'a'.repeat(MESSAGE_CONTENT_MAX_LENGTH);
    await user.click(textarea);
    await user.paste(`  ${text}\n`);
    expect(screen.getByText('10,000 / 10,000 characters')).toBeInTheDocument();
    expect(textarea).not.toHaveAttribute('aria-invalid');
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledWith({ content: text, attachments: [] });
  });
});

describe('composer: attachments (spec part 1 §5, §7, §8)', () => {
  test('the picker takes several files and only the allowed types', () => {
    const { fileInput } = setup();
    expect(fileInput).toHaveAttribute('type', 'file');
    expect(fileInput).toHaveAttribute('multiple');
    expect(fileInput.accept.split(',')).toEqual(expect.arrayContaining(['.pdf', '.docx', '.png', 'application/pdf', 'text/plain']));
    expect(screen.getByRole('button', { name: 'Add attachments' })).toHaveAccessibleDescription(/at most 9 MB in total/);
  });

  test('uploads each chosen file with its Content-Type and the csrfToken, listing name and size', async () => {
    const { user, fileInput, putFile, client } = setup();
    await user.upload(fileInput, [fileOf('lausunto.pdf', 'application/pdf', 2.5 * MB), fileOf('kuva.png', 'image/png', 300 * 1024)]);
    const list = screen.getByRole('list', { name: 'Attachments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('lausunto.pdf');
    expect(rows[0]).toHaveTextContent('2.5 MB');
    expect(rows[1]).toHaveTextContent('kuva.png');
    expect(rows[1]).toHaveTextContent('300 kB');
    await waitFor(() => expect(putFile).toHaveBeenCalledTimes(2));
    expect(client.callsOf('CreateAttachmentUpload')).toHaveLength(2);
    expect(putFile).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/attachments\/uploads\/\d+\?csrfToken=csrf$/),
      expect.objectContaining({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' } }),
    );
    expect(await screen.findByText('kuva.png added.')).toBeInTheDocument();
  });

  test('files over 9 MB together are refused with the error toast and not added', async () => {
    const { user, fileInput, shell, client } = setup();
    await user.upload(fileInput, fileOf('iso.pdf', 'application/pdf', 5 * MB));
    await waitFor(() => expect(client.callsOf('CreateAttachmentUpload')).toHaveLength(1));
    await user.upload(fileInput, fileOf('toinen.pdf', 'application/pdf', 5 * MB));
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'error', text: 'Attachment file is too large', detail: 'Maximum attachment size is 9MB' });
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByText('toinen.pdf')).not.toBeInTheDocument();
    expect(client.callsOf('CreateAttachmentUpload')).toHaveLength(1);
  });

  test('exactly 9 MB is allowed', async () => {
    const { user, fileInput, shell } = setup();
    await user.upload(fileInput, [fileOf('a.pdf', 'application/pdf', 4.5 * MB), fileOf('b.pdf', 'application/pdf', 4.5 * MB)]);
    expect(shell.toasts.show).not.toHaveBeenCalled();
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem')).toHaveLength(2);
  });

  test('a file type that is not allowed is refused with an error toast', async () => {
    // the browser's picker can be switched to "all files", so the accept attribute is not enough
    const { user, fileInput, shell, client } = setup({ applyAccept: false, lang: 'en' });
    await user.upload(fileInput, fileOf('ohjelma.exe', 'application/x-msdownload'));
    expect(shell.toasts.show).toHaveBeenCalledWith({
      kind: 'error',
      text: 'This file type cannot be attached',
      detail: 'ohjelma.exe cannot be attached. You can attach PDF, Office and OpenDocument files, images, CSV and text files.',
    });
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(client.callsOf('CreateAttachmentUpload')).toHaveLength(0);
  });

  test('a failed upload marks the file as failed; it is not sent and can be removed', async () => {
    const putFile = jest.fn<ReturnType<PutFile>, Parameters<PutFile>>().mockResolvedValueOnce({ ok: false, status: 500 });
    const { user, fileInput, textarea, sendButton, shell, onSend } = setup({ putFile });
    await user.upload(fileInput, fileOf('lausunto.pdf', 'application/pdf'));
    const row = within(screen.getByRole('list', { name: 'Attachments' })).getByRole('listitem');
    expect(await within(row).findByText('Upload failed. Remove the file and try again.')).toBeInTheDocument();
    expect(shell.errors.report).toHaveBeenCalledWith(expect.any(Error), 'messaging-attachment-upload');
    expect(screen.getByText('Uploading lausunto.pdf failed.')).toBeInTheDocument();
    // a failed file alone is nothing to send
    expect(sendButton).toBeDisabled();
    await user.type(textarea, 'Hei');
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledWith({ content: 'Hei', attachments: [] });
  });

  test('removing a file takes it off the list and cancels its upload', async () => {
    let signal: AbortSignal | undefined;
    const putFile = jest.fn<ReturnType<PutFile>, Parameters<PutFile>>((_url, init) => {
      signal = init.signal;
      return new Promise(() => {});
    });
    const { user, fileInput, sendButton } = setup({ putFile });
    await user.upload(fileInput, fileOf('lausunto.pdf', 'application/pdf'));
    await waitFor(() => expect(putFile).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Remove lausunto.pdf' }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(signal?.aborted).toBe(true);
    expect(sendButton).toBeDisabled();
  });

  test('texts and sizes are in the page language', async () => {
    const user = userEvent.setup();
    const client = createMockMessagingClient({ CreateAttachmentUpload: ticket });
    renderWithShell(<Composer onSend={() => Promise.resolve()} putFile={() => Promise.resolve({ ok: true, status: 200 })} />, {
      shell: createFakeShell({ lang: 'fi' }),
      client,
    });
    expect(screen.getByRole('textbox', { name: 'Viesti' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Lisää liitteitä'), fileOf('lausunto.pdf', 'application/pdf', 2.5 * MB));
    expect(within(screen.getByRole('list', { name: 'Liitteet' })).getByRole('listitem')).toHaveTextContent('2,5 Mt');
    expect(screen.getByRole('button', { name: 'Lähetä' })).toBeInTheDocument();
  });
});
