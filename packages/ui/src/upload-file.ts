export type HeadersSource = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

export interface UploadRequest {
  /** The URL the file is sent to. */
  action: string;
  /** POST unless told otherwise. */
  method?: string;
  /** The multipart field that carries the file. */
  fieldName?: string;
  /** Further multipart fields sent with the file. */
  data?: Readonly<Record<string, string | Blob>>;
  /** A function is called for every upload, so a short-lived access token is always fresh. */
  headers?: HeadersSource;
  /** Injectable for tests and for callers that wrap fetch (authentication, tenancy). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export class UploadFailedError extends Error {
  constructor(readonly status: number) {
    super(`Upload failed with status ${status}`);
    this.name = 'UploadFailedError';
  }
}

/**
 * Sends one file as multipart/form-data. Resolves with the response when its status is OK;
 * rejects otherwise, as on a network failure or an abort. The browser sets the multipart
 * boundary itself, which is why no Content-Type is given here.
 */
export async function uploadFile(raw: File, request: UploadRequest): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(request.data ?? {})) body.append(name, value);
  body.append(request.fieldName ?? 'file', raw, raw.name);
  const headers = typeof request.headers === 'function' ? await request.headers() : request.headers;
  const send = request.fetch ?? fetch;
  const response = await send(request.action, {
    method: request.method ?? 'POST',
    body,
    ...(headers ? { headers } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (!response.ok) throw new UploadFailedError(response.status);
  return response;
}

/** Where the server says the file now lives: a JSON body's `url`, else a Location header. */
export async function uploadedFileUrl(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'url' in body && typeof body.url === 'string') {
      return body.url;
    }
  } catch {
    // Not JSON: a server may answer an upload with an empty body.
  }
  return response.headers.get('Location');
}
