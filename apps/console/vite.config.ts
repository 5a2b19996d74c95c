import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Where `vite dev` forwards API calls: the one Node server of `npm start`. Sign-in talks to the
 * provider's own address (config.ts), since OpenID Connect checks the issuer literally.
 */
const devBackend = process.env.BOON_DEV_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        // The contracts and zod travel together in one named chunk that only signed-in pages
        // load; if the entry ever imports them at run time, the budget sees it by name.
        manualChunks(id) {
          if (/\/node_modules\/zod\/|\/packages\/contracts\//.test(id)) return 'contracts';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': devBackend },
  },
});
