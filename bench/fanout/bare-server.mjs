// The fan-out baseline: a bare Socket.IO 4.8 server on node:http (no Nest, no Fastify, no
// authentication, no rooms of its own), in its own process. POST /emit with a JSON body emits
// that body as 'announcement:show' to every connected socket, then answers 200 — the same shape
// of work as the app's POST /data/admin/announcements, minus the app. Env: PORT (0 = free), HOST.
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/emit') {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let payload;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        response.writeHead(400).end();
        return;
      }
      io.emit('announcement:show', payload);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: payload }));
    });
    return;
  }
  if (request.method === 'GET' && request.url === '/count') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sockets: io.engine.clientsCount }));
    return;
  }
  response.writeHead(404).end();
});

const io = new Server(server, { path: '/socket.io', serveClient: false });

server.listen(port, host, () => {
  process.stdout.write(`bare socket.io server running at http://localhost:${server.address().port}\n`);
});

const stop = () => {
  io.close(() => process.exit(0)); // closes the HTTP server too
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
