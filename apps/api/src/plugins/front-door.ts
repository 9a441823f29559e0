import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { requestIdOf } from './request-id.ts';
import { logAnsweredRequest, logsRequests } from './request-log.ts';
import { createRequestPressure, type RequestPressure } from './request-pressure.ts';

// A lane in front of Fastify for answers a process already holds whole: a request a lane recognises (a remembered
// list answer at the list's current version) is answered from memory with the very headers the full pipeline sent
// for the same kind of answer, learnt from it; anything else, or any doubt, goes to Fastify as before. The request
// pipeline (hooks, validation, serialization) costs several times what writing the bytes does, and the answers a
// lane serves were checked by that pipeline when they were first made. A lane's answer is logged as the pipeline
// logs a request (request-log.ts).

export type Lane = {
  /** The pattern of the route whose answers the lane gives (for metrics), e.g. '/api/publications'. */
  route: string;
  /** Whether the lane may answer the request (checked at once: every other request goes to Fastify untouched). */
  accepts: (request: IncomingMessage) => boolean;
  /**
   * Answers the request with `id` as its x-request-id and resolves true, or resolves false without having written
   * anything.
   */
  answer: (request: IncomingMessage, response: ServerResponse, id: string) => Promise<boolean>;
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

/** Header names and values in one flat list, as `writeHead` takes them. */
type FlatHeaders = (string | number | string[])[];

/** What a lane writes besides the body: the headers the pipeline sent for the same kind of answer, learnt once. */
export class LearntHeaders {
  #headers: FlatHeaders | undefined;

  /** Learns them from a reply the pipeline is about to send (an onSend hook). */
  learn(reply: FastifyReply): void {
    if (this.#headers !== undefined) return;
    const learnt: FlatHeaders = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || OWN_HEADERS.has(name)) continue;
      learnt.push(name, Array.isArray(value) ? value.map(String) : String(value));
    }
    this.#headers = learnt;
  }

  /** The learnt headers with an answer's own, or undefined before the pipeline sent one. */
  with(own: Record<string, string | number>): FlatHeaders | undefined {
    if (this.#headers === undefined) return undefined;
    const headers = this.#headers.slice();
    for (const name in own) headers.push(name, own[name] as string | number);
    return headers;
  }
}

export type FrontDoor = {
  /** For Fastify's `serverFactory`: the lanes first, Fastify's handler for everything else. */
  serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) => Server;
  add: (lane: Lane) => void;
  /** Calls `listener` after every answer a lane gives (metrics). */
  observe: (listener: LaneListener) => void;
  /** From now on every request goes to Fastify (closing: it answers them). */
  close: () => void;
  /** How busy requests keep this process: every request passes this door, lanes' and the pipeline's alike. */
  pressure: RequestPressure;
};

export type LaneListener = (method: string, route: string, statusCode: number, seconds: number) => void;

export function createFrontDoor(log: () => FastifyBaseLogger | undefined): FrontDoor {
  const lanes: Lane[] = [];
  const listeners: LaneListener[] = [];
  const pressure = createRequestPressure();
  let open = true;

  function laneOf(request: IncomingMessage): Lane | undefined {
    if (!open) return undefined;
    for (const lane of lanes) if (lane.accepts(request)) return lane;
    return undefined;
  }

  return {
    serverFactory: (handler) =>
      createServer((request, response) => {
        pressure.track(response);
        const lane = laneOf(request);
        if (lane === undefined) {
          handler(request, response);
          return;
        }
        const started = performance.now();
        const id = requestIdOf(request);
        lane.answer(request, response, id).then(
          (answered) => {
            if (!answered) {
              handler(request, response);
              return;
            }
            const elapsedMs = performance.now() - started;
            const logger = log();
            if (logger !== undefined && logsRequests(logger.level)) {
              logAnsweredRequest(logger, request, id, response.statusCode, elapsedMs);
            }
            for (const listener of listeners) {
              listener(request.method ?? 'GET', lane.route, response.statusCode, elapsedMs / 1000);
            }
          },
          (error: unknown) => {
            log()?.error({ err: error }, 'A front-door lane failed; the request goes to the full pipeline');
            if (!response.headersSent) handler(request, response);
          },
        );
      }),
    add: (lane) => void lanes.push(lane),
    observe: (listener) => void listeners.push(listener),
    close: () => {
      open = false;
    },
    pressure,
  };
}
