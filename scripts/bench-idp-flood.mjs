// `npm run bench:idp-flood`: floods the provider's authorization endpoint (/idp/auth) from one
// address for 30 s, as an unauthenticated attacker would, and reports how much the database grew
// and whether the server kept answering. Prints numbers; never fails on speed.
//   node scripts/bench-idp-flood.mjs [--seconds 30]
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { freePort, freshDataDir, msUntilOk, startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' } } });
const seconds = Math.max(1, Number(values.seconds));

/** The database's files on disk, in bytes (du, so what the files really take). */
const diskBytes = (/** @type {string} */ dir) =>
  Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

const port = await freePort(8383);
const dataDir = freshDataDir('flood');
const server = startServer({ port, dataDir, stdio: 'ignore' });
try {
  await msUntilOk(server, '/readyz');
  const base = `http://localhost:${port}`;
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'boon-console',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: `${base}/auth/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'flood',
  });
  const before = diskBytes(dataDir);

  // A person's request while the flood runs: does the server still answer, and how fast?
  /** @type {number[]} */
  const probes = [];
  const probing = setInterval(async () => {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`).catch(() => undefined);
    probes.push(response?.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
  }, 1000);

  const result = await autocannon({
    url: `${base}/idp/auth?${query}`,
    connections: 20,
    duration: seconds,
  });
  clearInterval(probing);
  // Let the server write out what it still holds before measuring the files.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = diskBytes(dataDir);

  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  const answered = probes.filter(Number.isFinite);
  console.log(`/idp/auth flood, ${seconds} s from one address, 20 connections`);
  console.log(
    `  requests      ${result.requests.total} (${Math.round(result.requests.average)}/s); ${statuses}`,
  );
  console.log(
    `  database      ${(before / 1e6).toFixed(2)} MB → ${(after / 1e6).toFixed(2)} MB (+${((after - before) / 1e6).toFixed(2)} MB)`,
  );
  console.log(
    `  /healthz      ${answered.length}/${probes.length} answered during the flood, slowest ${Math.round(Math.max(0, ...answered))} ms`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
