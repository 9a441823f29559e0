import type { FastifyInstance } from 'fastify';

/** One block of a text/event-stream: its fields, or a comment line (heartbeat). */
export type StreamBlock = { data?: string; retry?: string; event?: string; comment?: string };

export type OpenStream = {
  status: number;
  headers: Headers;
  /** The next block, waiting up to `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamBlock>;
  /** The next `data:` block's unread count, skipping comments and retry blocks. */
  nextUnread(timeoutMs?: number): Promise<number>;
  close(): void;
};

/** The address of a listening test app (listens on a free loopback port on first use). */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address !== null && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return baseUrlOf(app);
}

function parseBlock(text: string): StreamBlock {
  const block: StreamBlock = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) block.comment = line.slice(1).trim();
    const match = /^(data|retry|event): ?(.*)$/.exec(line);
    if (match !== null) block[match[1] as 'data' | 'retry' | 'event'] = match[2] ?? '';
  }
  return block;
}

/** Opens GET /api/notifications/stream over real HTTP, as a browser's EventSource would. */
export async function openStream(app: FastifyInstance, token: string | undefined): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${await baseUrlOf(app)}/api/notifications/stream`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const blocks: StreamBlock[] = [];

  async function next(timeoutMs = 5000): Promise<StreamBlock> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        blocks.push(block);
        return block;
      }
      if (reader === undefined) throw new Error('The stream has no body');
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('No stream event in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('No stream event in time')), remaining);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error('The stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    next,
    async nextUnread(timeoutMs) {
      for (;;) {
        const block = await next(timeoutMs);
        if (block.data !== undefined) return JSON.parse(block.data).unread as number;
      }
    },
    close: () => controller.abort(),
  };
}
