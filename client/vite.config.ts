import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: { alias: { '@shared': fromHere('../shared') } },
  build: {
    outDir: fromHere('../dist/client'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    // `npm run dev:client` proxies the API and the socket to `npm run dev:server`.
    proxy: { '/data': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
});
