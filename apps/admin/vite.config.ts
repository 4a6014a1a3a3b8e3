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
    // What the login and the frame use of antd is about 1 MB minified (its chunk below; the pages
    // are loaded when opened and bring the rest): any chunk beyond it is news.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        // The first load's libraries in three chunks apart from the console's own code, each hashed
        // and cached for a year (immutable): a change to a page leaves them cached, an update of
        // refine leaves antd cached. A desktop on an office network loads the three in parallel.
        // What only the pages use comes in their own chunks (the charts with the reports alone).
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
