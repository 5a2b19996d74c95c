// Size budgets checked by `npm test` (size-limit with @size-limit/file, gzip sizes).
// The files come from Vite's build manifest, so hashed names and new console apps are picked up
// without editing this file. See scripts/lib/first-screen.mjs for how the sets are computed.
import path from 'node:path';

import {
  consoleAppChunks,
  consoleDist,
  firstScreen,
  readManifest,
} from './scripts/lib/first-screen.mjs';

const manifest = readManifest();
const inDist = (/** @type {string[]} */ files) => files.map((file) => path.join(consoleDist, file));

export default [
  {
    name: 'console: JavaScript before the first screen',
    path: inDist(firstScreen(manifest).js),
    limit: '150 KB',
    gzip: true,
  },
  ...consoleAppChunks(manifest).map((chunk) => ({
    name: `console app ${chunk.app}: ${chunk.src}`,
    path: inDist(chunk.js),
    limit: '60 KB',
    gzip: true,
  })),
];
