import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defaultClientConditions, defineConfig, type Rollup } from 'vite';
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

/** The console app (console-apps/<app>) a module belongs to, if any. */
function consoleAppOf(id: string): string | undefined {
  return /\/console-apps\/([^/]+)\/src\//.exec(id)?.[1];
}

const manifests = new WeakMap<Rollup.GetModuleInfo, Map<string, Set<string>>>();

/**
 * A console app's manifest: its src/index.ts and the modules of the app that imports
 * statically (the route definitions), which the shell's entry loads. Found by walking the module
 * graph rather than by file names, so no naming convention has to be kept for it.
 */
function manifestOf(app: string, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  let byApp = manifests.get(getModuleInfo);
  if (!byApp) manifests.set(getModuleInfo, (byApp = new Map()));
  let modules = byApp.get(app);
  if (!modules) {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id) || consoleAppOf(id) !== app) return;
      found.add(id);
      for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    visit(path.resolve(import.meta.dirname, '../../console-apps', app, 'src/index.ts'));
    byApp.set(app, (modules = found));
  }
  return modules;
}

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
    rollupOptions: {
      output: {
        // A manual chunk takes only the modules named for it, not their dependencies too, so the
        // libraries the shell shares with an app stay out of the app's chunk.
        onlyExplicitManualChunks: true,
        // zod travels in one named chunk that only screens validating with contract schemas load;
        // the first screen takes the contracts' zod-free constants alone. If the entry ever
        // imports zod at run time, the budget sees it by name.
        // Each console app is one chunk, app-<app> (spec 2.5's separately loaded applications):
        // every module of the app but its manifest, which the shell's entry needs for the route
        // tree. The screens keep their own import() each, so tests and `vite dev` load only the
        // screen they show.
        manualChunks(id, { getModuleInfo }) {
          if (/\/node_modules\/zod\//.test(id)) return 'zod';
          const app = consoleAppOf(id);
          if (app && !manifestOf(app, getModuleInfo).has(id)) return `app-${app}`;
          return undefined;
        },
      },
    },
  },
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
