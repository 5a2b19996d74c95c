// `npm run typecheck`: the three TypeScript programs of the repository, one after another.
//
// - tsconfig.json builds the server and its packages (tsc -b, emitting apps/server/dist, which
//   `npm run build` then finds up to date);
// - apps/console/tsconfig.json checks the console, its apps and their tests;
// - tsconfig.tests.json checks the server's, services' and packages' tests, the browser tests and
//   the scripts.
//
// They are checked by TypeScript 7 (the `typescript-native` alias of typescript@7), the native
// compiler: the three took 92 s and 130 CPU-seconds with TypeScript 6 on this two-core machine,
// and take 24 s with 7, emitting the same JavaScript. TypeScript 6 stays as `typescript` for the
// tools that call its JavaScript API (typescript-eslint), which TypeScript 7 does not have.
// Single-threaded: the checks run beside lint in `npm test`, and on two cores 7's parallel
// checkers spent 60% more CPU for no shorter wall time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');

const programs = [
  ['-b', 'tsconfig.json'],
  ['-p', 'apps/console/tsconfig.json', '--noEmit'],
  ['-p', 'tsconfig.tests.json', '--noEmit'],
];

// Every program is checked even after one fails, so one run lists every error.
let failed = false;
for (const args of programs) {
  const command = [...args, '--singleThreaded', '--pretty'];
  console.log(`$ tsc ${command.join(' ')}`);
  const result = spawnSync(process.execPath, [tsc, ...command], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
