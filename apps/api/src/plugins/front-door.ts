import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

// A lane in front of Fastify for answers a process already holds whole: a request a lane recognises (a remembered
// list answer at the list's current version) is answered from memory with the very headers the full pipeline sent
// for the same kind of answer, learnt from it; anything else, or any doubt, goes to Fastify as before. The request
// pipeline (hooks, validation, serialization) costs several times what writing the bytes does, and the answers a
// lane serves were checked by that pipeline when they were first made.

export type Lane = {
  /** Whether the lane may answer the request (checked at once: every other request goes to Fastify untouched). */
  accepts: (request: IncomingMessage) => boolean;
  /** Answers the request and resolves true, or resolves false without having written anything. */
  answer: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
};

/** Headers that belong to one answer, not to the kind of answer: each lane answer sets its own. */
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

/** What a lane writes besides the body: the headers the pipeline sent for the same kind of answer, learnt once. */
export class LearntHeaders {
  #headers: Record<string, string | string[]> | undefined;

  /** Learns them from a reply the pipeline is about to send (an onSend hook), nonce-free. */
  learn(reply: FastifyReply): void {
    if (this.#headers !== undefined) return;
    const learnt: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || OWN_HEADERS.has(name)) continue;
      const text = Array.isArray(value) ? value.map(String) : String(value);
      // A JSON answer runs no script: its policy needs no per-request nonce.
      learnt[name] =
        name === 'content-security-policy' && typeof text === 'string'
          ? text.replace(/\s*'nonce-[^']*'/g, '')
          : text;
    }
    this.#headers = learnt;
  }

  /** The learnt headers with an answer's own, or undefined before the pipeline sent one. */
  with(own: Record<string, string | number>): Record<string, string | string[] | number> | undefined {
    return this.#headers === undefined ? undefined : { ...this.#headers, ...own };
  }
}

export type FrontDoor = {
  /** For Fastify's `serverFactory`: the lanes first, Fastify's handler for everything else. */
  serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) => Server;
  add: (lane: Lane) => void;
  /** From now on every request goes to Fastify (closing: it answers them). */
  close: () => void;
};

export function createFrontDoor(log: () => FastifyBaseLogger | undefined): FrontDoor {
  const lanes: Lane[] = [];
  let open = true;

  return {
    serverFactory: (handler) =>
      createServer((request, response) => {
        const lane = open ? lanes.find((candidate) => candidate.accepts(request)) : undefined;
        if (lane === undefined) {
          handler(request, response);
          return;
        }
        lane.answer(request, response).then(
          (answered) => {
            if (!answered) handler(request, response);
          },
          (error: unknown) => {
            log()?.error({ err: error }, 'A front-door lane failed; the request goes to the full pipeline');
            if (!response.headersSent) handler(request, response);
          },
        );
      }),
    add: (lane) => void lanes.push(lane),
    close: () => {
      open = false;
    },
  };
}
