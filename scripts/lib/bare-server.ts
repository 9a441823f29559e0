// The ceiling of the API benchmark: Fastify alone, answering GET /api/publications with a canned page (the
// bytes of a real one) and nothing else: no database, plugins, hooks or validation. Run as its own process,
// like the app.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const bodyFile = process.env.BODY_FILE;
if (!Number.isInteger(port) || bodyFile === undefined) {
  console.error('bare-server needs PORT and BODY_FILE');
  process.exit(1);
}

const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/api/publications', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
app.get('/api/health', async () => ({ status: 'ok' }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host: '127.0.0.1' });
