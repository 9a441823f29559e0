// The ceiling of the benchmarks: Fastify alone, answering every GET with a canned body (the bytes of a real
// answer) and nothing else: no database, plugins, hooks or validation. Run as its own process, like the app.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const bodyFile = process.env.BODY_FILE;
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';
/** The bytes' encoding, when they are the app's compressed answer. */
const contentEncoding = process.env.CONTENT_ENCODING ?? '';
if (!Number.isInteger(port) || bodyFile === undefined) {
  console.error('bare-server needs PORT and BODY_FILE');
  process.exit(1);
}

const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/*', async (_request, reply) => {
  if (contentEncoding !== '') reply.header('content-encoding', contentEncoding);
  return reply.type(contentType).send(body);
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host: '127.0.0.1' });
