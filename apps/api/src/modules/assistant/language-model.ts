import type { FastifyBaseLogger } from 'fastify';

// The optional language model: an OpenAI-compatible chat-completions endpoint (Ollama, vLLM, llama.cpp's server,
// a hosted one) that only rephrases the template reply from the facts the engine retrieved. The cards and links
// never come from it; any failure, a slow answer or an empty one leaves the template reply.

export const LANGUAGE_MODEL_TIMEOUT_MS = 4000;
/** Longest rephrased reply kept; a longer one is a model going astray. */
const MAX_REPLY_LENGTH = 1200;

export type LanguageModelSettings = { url: string; model: string; key: string | undefined };

export type ReplyFacts = {
  question: string;
  /** The template reply: what must be said. */
  draft: string;
  /** One line per publication of the cards, and per FAQ entry or link. */
  facts: string[];
};

export type LanguageModel = { rephrase(facts: ReplyFacts): Promise<string | null> };

const SYSTEM_PROMPT =
  'Eres el asistente de EcoAnuncios, un sitio de anuncios ecológicos de Argentina y Colombia. Reescribe el ' +
  'borrador de respuesta en español neutro, con tuteo (tú, nunca vos), cálido y breve (máximo tres oraciones). ' +
  'Usa solo los datos del borrador y de los hechos: no inventes anuncios, lugares, fechas, precios ni teléfonos. ' +
  'Las tarjetas y enlaces se muestran aparte: no los enumeres ni escribas direcciones web.';

/** The chat-completions URL of a base URL: '/v1' bases get '/chat/completions', full URLs stay. */
export function completionsUrl(url: string): string {
  if (/\/chat\/completions\/?$/.test(url)) return url;
  return `${url.replace(/\/+$/, '')}/chat/completions`;
}

export function createLanguageModel(
  settings: LanguageModelSettings,
  log: FastifyBaseLogger,
  timeoutMs = LANGUAGE_MODEL_TIMEOUT_MS,
): LanguageModel {
  const endpoint = completionsUrl(settings.url);
  return {
    async rephrase({ question, draft, facts }) {
      const started = performance.now();
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
          },
          body: JSON.stringify({
            model: settings.model,
            temperature: 0.3,
            max_tokens: 300,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              {
                role: 'user',
                content: `Pregunta: ${question}\nBorrador: ${draft}\nHechos:\n${facts.map((fact) => `- ${fact}`).join('\n') || '- (ninguno)'}`,
              },
            ],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          log.warn({ status: response.status }, 'Assistant language model failed; template reply used');
          return null;
        }
        const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string' || content.trim() === '' || content.length > MAX_REPLY_LENGTH) {
          log.warn('Assistant language model answered nothing usable; template reply used');
          return null;
        }
        log.debug({ ms: Math.round(performance.now() - started) }, 'Assistant language model answered');
        return content.trim();
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        log.warn(
          { reason: timedOut ? 'timeout' : error instanceof Error ? error.message : 'unknown' },
          'Assistant language model failed; template reply used',
        );
        return null;
      }
    },
  };
}
