import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: fromHere('.'),
  plugins: [react()],
  resolve: { alias: { '@shared': fromHere('../shared') } },
  // The server's drawing of visitors' pages (`--ssr src/server-page/renderServerPage.tsx`) carries
  // React and the rest inside it: the server runs it without the client's packages installed.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: fromHere('../dist/client-ssr'), emptyOutDir: true, copyPublicDir: false, target: 'node20', sourcemap: false }
    : {
        outDir: fromHere('../dist/client'),
        emptyOutDir: true,
        assetsDir: 'assets',
        target: 'es2022',
        sourcemap: true,
        // The server reads which stylesheets and chunks a screen needs, to link them in a page it draws.
        manifest: true,
      },
  server: {
    // `npm run dev:client` proxies the API and the socket to `npm run dev:server`.
    proxy: { '/data': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
}));
