import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
