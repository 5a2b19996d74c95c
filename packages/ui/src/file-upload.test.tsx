import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload, type FileUploadProps } from './file-upload';
import {
  fileSizeLimitMessage,
  validateFile,
  withAddedFiles,
  selectedFile,
  type UploadedFile,
} from './file-upload-rules';
import { axeViolations } from './testing';

function fileOf(name: string, sizeBytes = 10): File {
  return new File([new Uint8Array(sizeBytes)], name, { type: 'application/pdf' });
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/** A fetch whose answers the test releases one at a time. */
function controlledFetch() {
  const pending: { resolve: (response: Response) => void; reject: (error: Error) => void }[] = [];
  const fetchMock = vi.fn(
    (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return { fetchMock, pending };
}

function renderUpload(props: Partial<FileUploadProps> = {}) {
  const onChange = vi.fn<(files: UploadedFile[]) => void>();
  render(
    <>
      <FileUpload label="Receipt" onChange={onChange} {...props} />
      <button type="button">Save</button>
    </>,
  );
  return { onChange, lastFiles: () => onChange.mock.lastCall?.[0] ?? [] };
}

describe('file upload rules', () => {
  it.each([
    [1536, 'File size cannot be greater than 1.50 MB'],
    [1024, 'File size cannot be greater than 1.00 MB'],
    [5120, 'File size cannot be greater than 5.00 MB'],
    [500, 'File size cannot be greater than 0.49 MB'],
  ])('states a %d KB limit in MB with two decimals', (maxSizeKb, text) => {
    expect(fileSizeLimitMessage(maxSizeKb)).toBe(text);
  });

  it('refuses a file over the limit, accepts one at it, and calls a file without content unknown', () => {
    const oneMb = 1024 * 1024;
    expect(validateFile(fileOf('a.pdf', oneMb + 1), { maxSizeKb: 1024 })).toBe(
      'File size cannot be greater than 1.00 MB',
    );
    expect(validateFile(fileOf('a.pdf', oneMb), { maxSizeKb: 1024 })).toBeNull();
    expect(validateFile(fileOf('a.pdf', 10_000_000), {})).toBeNull();
    expect(validateFile(null, {})).toBe('Unknown error');
  });

  it('appends for a multiple upload and replaces otherwise', () => {
    const first = selectedFile(fileOf('a.pdf'), {});
    const second = selectedFile(fileOf('b.pdf'), {});

    expect(withAddedFiles([first], [second], true)).toEqual([first, second]);
    expect(withAddedFiles([first], [second], false)).toEqual([second]);
    expect(first.id).not.toBe(second.id);
  });
});

describe('FileUpload', () => {
  it('uploads a valid file at once as multipart POST with the extra fields, showing its progress', async () => {
    const user = userEvent.setup();
    const { fetchMock, pending } = controlledFetch();
    const { lastFiles } = renderUpload({
      action: '/api/files',
      fieldName: 'attachment',
      data: { purpose: 'receipt' },
      fetch: fetchMock,
    });

    await user.upload(fileInput(), fileOf('receipt.pdf'));

    expect(screen.getByText('Uploading…')).toBeVisible();
    expect(lastFiles()).toMatchObject([{ name: 'receipt.pdf', uploading: true, uploaded: false }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/files');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body.get('purpose')).toBe('receipt');
    expect((body.get('attachment') as File).name).toBe('receipt.pdf');

    pending[0]!.resolve(Response.json({ url: 'https://files.test/receipt.pdf' }));

    expect(await screen.findByText('Uploaded')).toBeVisible();
    expect(screen.queryByText('Uploading…')).not.toBeInTheDocument();
    // onChange runs in an effect after the render that shows "Uploaded".
    await waitFor(() =>
      expect(lastFiles()).toMatchObject([
        {
          uploading: false,
          uploaded: true,
          url: 'https://files.test/receipt.pdf',
          uploadError: null,
        },
      ]),
    );
  });

  it('uses the method it is given', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    renderUpload({ action: '/api/files/1', method: 'PUT', fetch: fetchMock });

    await user.upload(fileInput(), fileOf('receipt.pdf'));

    await screen.findByText('Uploaded');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/files/1',
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it('shows the upload error with the file name when the status is not OK or the network fails', async () => {
    const user = userEvent.setup();
    const { fetchMock, pending } = controlledFetch();
    renderUpload({ action: '/api/files', multiple: true, fetch: fetchMock });

    await user.upload(fileInput(), [fileOf('one.pdf'), fileOf('two.pdf')]);
    pending[0]!.resolve(new Response('nope', { status: 500 }));
    pending[1]!.reject(new TypeError('Failed to fetch'));

    expect(
      await screen.findByText('An error occurred while uploading file: one.pdf'),
    ).toBeVisible();
    expect(
      await screen.findByText('An error occurred while uploading file: two.pdf'),
    ).toBeVisible();
  });

  it('does not upload a file over the size limit and says why', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    const { lastFiles } = renderUpload({ action: '/api/files', maxSizeKb: 1536, fetch: fetchMock });

    await user.upload(fileInput(), fileOf('scan.pdf', 2 * 1024 * 1024));

    expect(screen.getByText('File size cannot be greater than 1.50 MB')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(lastFiles()).toMatchObject([
      {
        name: 'scan.pdf',
        uploading: false,
        validationError: 'File size cannot be greater than 1.50 MB',
      },
    ]);
  });

  it('gives a file without content "Unknown error"', () => {
    renderUpload({
      defaultFiles: [
        {
          id: 'draft',
          name: 'lost.pdf',
          raw: null,
          uploaded: false,
          uploading: false,
          url: null,
          validationError: null,
          uploadError: null,
        },
      ],
    });

    expect(screen.getByText('Unknown error')).toBeVisible();
  });

  it('keeps the state of given files that were already uploaded or failed', () => {
    const given = {
      raw: null,
      uploading: false,
      url: null,
      validationError: null,
    };
    renderUpload({
      multiple: true,
      defaultFiles: [
        { ...given, id: 'a', name: 'done.pdf', uploaded: true, uploadError: null },
        {
          ...given,
          id: 'b',
          name: 'failed.pdf',
          uploaded: false,
          uploadError: 'An error occurred while uploading file: failed.pdf',
        },
      ],
    });

    expect(screen.getByText('Uploaded')).toBeVisible();
    expect(screen.getByText('An error occurred while uploading file: failed.pdf')).toBeVisible();
    expect(screen.queryByText('Unknown error')).not.toBeInTheDocument();
  });

  it('shows "This field is required" (no full stop) once a required upload is left empty', async () => {
    const user = userEvent.setup();
    renderUpload({ required: true });
    const button = screen.getByRole('button', { name: 'Receipt Choose file' });

    await user.tab();
    expect(button).toHaveFocus();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await user.tab();

    expect(screen.getByText('This field is required')).toBeVisible();
    expect(button).toHaveAccessibleDescription('This field is required');
  });

  it('does not count the file picker taking focus as leaving the field', async () => {
    const user = userEvent.setup();
    renderUpload({ required: true });
    const button = screen.getByRole('button', { name: 'Receipt Choose file' });

    await user.click(button);
    fireEvent.blur(button);
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();

    // The picker was dismissed; leaving the field now counts.
    fireEvent(fileInput(), new Event('cancel'));
    fireEvent.blur(button);
    expect(screen.getByText('This field is required')).toBeVisible();
  });

  it('replaces the file unless multiple, which appends', async () => {
    const user = userEvent.setup();
    render(
      <>
        <FileUpload label="Logo" />
        <FileUpload label="Attachments" multiple />
      </>,
    );
    const [single, many] = Array.from(
      document.querySelectorAll<HTMLInputElement>('input[type="file"]'),
    );

    await user.upload(single!, fileOf('old.png'));
    await user.upload(single!, fileOf('new.png'));
    await user.upload(many!, fileOf('a.pdf'));
    await user.upload(many!, [fileOf('b.pdf'), fileOf('c.pdf')]);

    const logoFiles = screen.getByRole('list', { name: 'Logo' });
    expect(logoFiles).toHaveTextContent('new.png');
    expect(logoFiles).not.toHaveTextContent('old.png');
    expect(screen.getAllByRole('button', { name: /^Remove [abc]\.pdf$/ })).toHaveLength(3);
  });

  it('removes a file with its named button, cancelling its upload', async () => {
    const user = userEvent.setup();
    const { fetchMock } = controlledFetch();
    const { lastFiles } = renderUpload({ action: '/api/files', fetch: fetchMock });

    await user.upload(fileInput(), fileOf('receipt.pdf'));
    const signal = fetchMock.mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));

    expect(signal.aborted).toBe(true);
    expect(screen.queryByText('receipt.pdf')).not.toBeInTheDocument();
    await waitFor(() => expect(lastFiles()).toEqual([]));
  });

  it('keeps files without an action: validated, not uploaded', async () => {
    const user = userEvent.setup();
    const { lastFiles } = renderUpload();

    await user.upload(fileInput(), fileOf('list.csv'));

    expect(lastFiles()).toMatchObject([
      { name: 'list.csv', uploading: false, uploaded: false, validationError: null },
    ]);
    expect(screen.queryByText('Uploading…')).not.toBeInTheDocument();
  });

  it('has no accessibility violations with an error and a listed file', async () => {
    const user = userEvent.setup();
    renderUpload({ required: true, touched: true, maxSizeKb: 1, hint: 'PDF, up to 1 KB.' });
    expect(await axeViolations()).toEqual([]);

    await user.upload(fileInput(), fileOf('big.pdf', 4096));
    expect(await axeViolations()).toEqual([]);
  });
});
