import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office is a build of its own, served under /admin: the shop's bundles never contain, share
 * or download a byte of it (its chunks are not split against the shop's).
 */
export default defineConfig({
  root: 'web/admin',
  base: '/admin/',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/admin',
    emptyOutDir: true,
    // Keep every script in files: the Content-Security-Policy forbids inline scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' },
  },
});
