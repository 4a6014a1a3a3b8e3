import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress-plugin.ts';

// The operator console: its own build, served by the server at /admin (platform/admin-web.ts).
// Nothing here is shared with the portal's bundle (apps/web), and the portal imports nothing of it.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompressPlugin()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
    // antd, refine and React make a large vendor chunk; a desktop on an office network loads it
    // once and caches it for a year (hashed, immutable).
    chunkSizeWarningLimit: 2000,
  },
});
