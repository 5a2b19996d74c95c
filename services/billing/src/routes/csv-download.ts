import { Readable } from 'node:stream';
import type { Endpoint, Permission } from '@boon/contracts';
import { AppError, requireAuth, type RouteCall } from '@boon/service-kit';

type Call = RouteCall<Endpoint>;

/** Whether the request asks for the CSV download rather than JSON (content negotiation). */
export function wantsCsv(accept: string | undefined): boolean {
  return accept?.split(',').some((type) => type.trim().startsWith('text/csv')) ?? false;
}

/**
 * Streams a CSV download once the caller may have it: a download needs its own permission beyond
 * reading the list (decisions.md: download:activity_history, download:statements), staff aside.
 */
export function sendCsv(
  request: Call['request'],
  reply: Call['reply'],
  {
    permission,
    filename,
    lines,
  }: { permission: Permission; filename: string; lines: () => AsyncIterable<string> },
): Call['reply'] {
  const auth = requireAuth(request);
  if (!(auth.user?.isStaff ?? false) && !auth.permissions.includes(permission)) {
    throw new AppError('forbidden');
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
