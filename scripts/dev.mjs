// `npm run dev`: the server (recompiled and restarted on change) behind Vite's dev server with hot
// reload, on one origin: http://localhost:5173. The server listens on 8080 but names 5173 as its
// PUBLIC_URL, so the issuer, the redirect URIs and the console all agree; Vite proxies /api and
// /idp to it. Data lives in ./data, like `npm start`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

import { repoRoot } from './lib/first-screen.mjs';

const devOrigin = 'http://localhost:5173';
const backendPort = process.env.PORT ?? '8080';
// TypeScript 7, as `npm run build` compiles the server (scripts/typecheck.mjs says why).
const tsc = path.join(repoRoot, 'node_modules/typescript-native/bin/tsc');
const vite = path.join(repoRoot, 'node_modules/.bin/vite');

// The first compile must finish before the server can start.
const first = spawnSync(tsc, ['-b', 'apps/server/tsconfig.json'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (first.status !== 0) process.exit(first.status ?? 1);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [
  spawn(tsc, ['-b', 'apps/server/tsconfig.json', '--watch', '--preserveWatchOutput'], {
    cwd: repoRoot,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, PORT: backendPort, PUBLIC_URL: devOrigin },
  }),
  spawn(vite, [], {
    cwd: path.join(repoRoot, 'apps/console'),
    stdio: 'inherit',
    env: { ...process.env, BOON_DEV_BACKEND: `http://localhost:${backendPort}` },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
// One part dying leaves the others useless: stop them all and say so.
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`\n${child.spawnargs.join(' ')} exited (${code}); stopping.`);
    stop(code ?? 1);
  });
}
