// The peer: a bare Fastify 5 hello-world (no Nest, no plugins, no hooks) answering the same
// small envelope as the app's constant /data route, on the same path. It is the ceiling the
// app's framework cost is measured against.
import Fastify from 'fastify';

const ANSWER = { data: { ok: true }, errors: [], maintenance: false };

const app = Fastify({ logger: false });
app.get('/data/health', async () => ANSWER);

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
await app.listen({ port, host });
const address = app.server.address();
process.stdout.write(`bare Fastify peer running at http://localhost:${address.port}\n`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
