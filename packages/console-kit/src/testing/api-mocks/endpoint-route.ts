import { customerManagementApi, mailApi, type Endpoint } from '@boon/contracts';

const knownEndpoints: readonly Endpoint[] = [
  ...Object.values(customerManagementApi),
  ...Object.values(mailApi),
];

type Segment = { param: string } | { text: string };

function segmentsOf(path: string): Segment[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { text: segment }));
}

/** The path parameters of `endpoint` in `path` (relative to its service), or null if no match. */
function matchPath(endpoint: Endpoint, path: string): Record<string, string> | null {
  const pattern = segmentsOf(endpoint.path);
  const actual = path.split('/').filter((segment) => segment !== '');
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    const value = actual[index] as string;
    if ('text' in segment) {
      if (segment.text !== value) return null;
    } else {
      params[segment.param] = decodeURIComponent(value);
    }
  }
  return params;
}

/** Whether `a` wins over `b` where both match: the first segment where they differ is literal in `a`. */
function moreSpecific(a: Endpoint, b: Endpoint): boolean {
  const left = segmentsOf(a.path);
  const right = segmentsOf(b.path);
  for (const [index, segment] of left.entries()) {
    const other = right[index];
    if (!other) return false;
    if ('text' in segment !== 'text' in other) return 'text' in segment;
  }
  return false;
}

/**
 * The path parameters when a request to `path` of the endpoint's service reaches `endpoint`, as
 * the server routes it: a literal segment wins over a parameter, so GET /customer/exists is never
 * GET /customer/:customerId, whichever of the two a test mocked first.
 */
export function routeToEndpoint(
  endpoint: Endpoint,
  method: string,
  path: string,
): Record<string, string> | null {
  if (method !== endpoint.method) return null;
  const params = matchPath(endpoint, path);
  if (!params) return null;
  const shadowedBy = knownEndpoints.find(
    (other) =>
      other.service === endpoint.service &&
      other.method === endpoint.method &&
      other.path !== endpoint.path &&
      matchPath(other, path) !== null &&
      moreSpecific(other, endpoint),
  );
  return shadowedBy ? null : params;
}
