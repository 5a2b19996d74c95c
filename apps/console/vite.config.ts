import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { defaultClientConditions, defineConfig, type Rollup } from 'vite';
import { chunkPlan } from './vite/chunk-plan';
import { precompress } from './vite/precompress';

/**
 * Where `vite dev` forwards the API and the identity provider: the Node server, which `npm run dev`
 * starts with PUBLIC_URL set to this dev server's origin, so the page, the issuer and the
 * redirect URIs share one origin, as in production.
 */
const devBackend = process.env.BOON_DEV_BACKEND ?? 'http://localhost:8080';

/** The branch being built, for the ticket-link marker: BOON_BUILD_BRANCH, else git's, else ''. */
function buildBranch(): string {
  const fromEnv = process.env.BOON_BUILD_BRANCH;
  if (fromEnv !== undefined) return fromEnv.trim();
  try {
    const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    // A detached checkout (CI, tags) has no branch name.
    return branch === 'HEAD' ? '' : branch;
  } catch {
    return '';
  }
}

const chunkPlans = new WeakMap<Rollup.GetModuleInfo, Map<string, string>>();

export default defineConfig({
  // precompress: brotli and gzip copies of the output, which the server sends as they are
  // (apps/server/src/plugins/console-hosting.ts), so no request pays for compressing them.
  plugins: [react(), tailwindcss(), precompress()],
  // Build-time constants (declared in src/build-constants.d.ts): the sandbox label and the
  // ticket-link marker of spec 2.7.
  define: {
    __BOON_BUILD_BRANCH__: JSON.stringify(buildBranch()),
    __BOON_PRODUCTION_BUILD__: JSON.stringify(process.env.BOON_BUILD_ENV === 'production'),
  },
  resolve: {
    // Workspace packages publish their TypeScript source under the `source` condition, so the
    // console bundles them without a separate build step.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    target: 'es2022',
    // The size budget (size-limit) reads the manifest to know which chunks the first screen loads.
    manifest: true,
    // Vite's per-chunk gzip column (~3 s of CPU): size-limit checks the budget, and precompress
    // reports the compressed totals it writes.
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // A manual chunk takes only the modules named for it, not their dependencies too, so the
        // libraries the shell shares with an app stay out of the app's chunk.
        onlyExplicitManualChunks: true,
        // Chunks by who runs their modules (vite/chunk-plan.ts): zod, each console app, the
        // signed-in area's session and layout, and Home.
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          let plan = chunkPlans.get(getModuleInfo);
          if (!plan) chunkPlans.set(getModuleInfo, (plan = chunkPlan(getModuleIds, getModuleInfo)));
          return plan.get(id);
        },
      },
    },
  },
  // Module workers, so a worker can import() what only some of its work needs (the bulk order's
  // workbook reader) as a chunk of its own; a classic worker's bundle cannot split.
  worker: { format: 'es' },
  server: {
    port: 5173,
    strictPort: true,
    // changeOrigin off: the provider builds its endpoint URLs from the Host header, which must
    // stay the browser's (Vite's string shorthand would rewrite it to the backend's).
    proxy: {
      '/api': { target: devBackend, changeOrigin: false },
      '/idp': { target: devBackend, changeOrigin: false },
    },
  },
});
