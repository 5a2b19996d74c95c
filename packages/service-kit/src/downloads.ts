import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Endpoint, Permission } from '@boon/contracts';
import { AppError } from './app-error.js';
import type { RouteCall } from './define-service.js';
import { requireAuth } from './require-auth.js';

type Call = RouteCall<Endpoint>;

/** Whether the request asks for the CSV download rather than JSON (content negotiation). */
export function wantsCsv(accept: string | undefined): boolean {
  return accepts(accept, 'text/csv');
}

/** Whether the request asks for the PDF document rather than JSON. */
export function wantsPdf(accept: string | undefined): boolean {
  return accepts(accept, 'application/pdf');
}

function accepts(accept: string | undefined, type: string): boolean {
  return accept?.split(',').some((given) => given.trim().startsWith(type)) ?? false;
}

/** The download permission a document needs beyond reading it (staff aside), or a 403. */
function requireDownload(request: Call['request'], permission: Permission | undefined): void {
  const auth = requireAuth(request);
  if (permission && !(auth.user?.isStaff ?? false) && !auth.permissions.includes(permission)) {
    throw new AppError('forbidden');
  }
}

/** Streams a PDF document, once the caller may have it (see sendCsv). */
export function sendPdf(
  request: Call['request'],
  reply: Call['reply'],
  {
    permission,
    filename,
    document,
  }: { permission?: Permission; filename: string; document: () => Readable },
): Call['reply'] {
  requireDownload(request, permission);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(document());
}

/**
 * Streams a CSV download once the caller may have it: a download may need its own permission
 * beyond reading the list (decisions.md: download:activity_history, download:statements), staff
 * aside; without one, reading is enough.
 */
export function sendCsv(
  request: Call['request'],
  reply: Call['reply'],
  {
    permission,
    filename,
    lines,
  }: { permission?: Permission; filename: string; lines: () => AsyncIterable<string> },
): Call['reply'] {
  requireDownload(request, permission);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  // One chunk of lines ahead of the reader at most: memory stays flat however long the file.
  return reply.send(
    compressedForDownload(request, reply, Readable.from(lines(), { highWaterMark: 1 })),
  );
}

/**
 * A long CSV compressed at the fastest setting the browser takes (brotli 1, else gzip 1), not at
 * the API's brotli 4: a million rows are text the fastest settings still shrink about fourfold,
 * and the export's speed is its CPU. Marked with its encoding, so the server's own compression
 * lets it through.
 */
function compressedForDownload(
  request: Call['request'],
  reply: Call['reply'],
  source: Readable,
): Readable {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return source;
  reply.header('content-encoding', encoding);
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
      : createGzip({ level: 1 });
  // A failure while reading ends the download; the log has it (the error handler already ran).
  pipeline(source, compressor, (error) => {
    if (error) request.log.error({ err: error }, 'CSV download stopped');
  });
  return compressor;
}
