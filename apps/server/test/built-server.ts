import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const serverMain = path.resolve(import.meta.dirname, '../dist/main.js');

/** A process of the built server (`npm run build`), as production runs it. */
export interface BuiltServer {
  url: string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL): no shutdown, as when a machine dies. */
  kill(): Promise<void>;
}

/**
 * Starts `apps/server/dist/main.js` with `env` on 127.0.0.1:`port` and resolves once /readyz
 * answers 200; fails if the process exits first or after `timeoutMs`.
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<BuiltServer> {
  if (!fs.existsSync(serverMain)) {
    throw new Error(`${serverMain} is missing; run \`npm run build\` first.`);
  }
  const child = spawn(process.execPath, [serverMain], {
    stdio: 'ignore',
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const done = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`the server exited (code ${exitCode}) before /readyz`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return { url, stop, kill };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  await stop();
  throw new Error(`/readyz did not answer 200 within ${timeoutMs} ms`);
}
