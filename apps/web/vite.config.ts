import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appRoutePatterns } from './src/app-routes.ts';

/** Writes dist/app-routes.json: the server answers 404 for addresses that are not in it (docs/architecture.md). */
function appRoutesFile(): Plugin {
  return {
    name: 'breeze-app-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'app-routes.json', source: `${JSON.stringify(appRoutePatterns())}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), appRoutesFile()],
  server: {
    // `npm run dev -w @app/server` listens on 3000; the SPA calls relative /api URLs. The API
    // refuses POSTs from origins it does not know: start it with ALLOWED_ORIGINS=http://localhost:5173.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: chunk graph read by bench/bundle.ts (initial JS per route).
    manifest: true,
  },
});
