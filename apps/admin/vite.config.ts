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
    // antd alone is about 1.5 MB minified (its chunk below); any chunk beyond it is news.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // The libraries in three chunks apart from the console's own code, each hashed and cached
        // for a year (immutable): a change to a page leaves them cached, an update of refine leaves
        // antd cached. A desktop on an office network loads the three in parallel. The charts stay
        // in their own chunk, loaded by the reports only.
        codeSplitting: {
          groups: [
            {
              name: 'antd',
              priority: 3,
              tags: ['$initial'],
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
            },
            { name: 'refine', priority: 2, tags: ['$initial'], test: /node_modules[\\/]@refinedev[\\/]/ },
            { name: 'vendor', priority: 1, tags: ['$initial'], test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
