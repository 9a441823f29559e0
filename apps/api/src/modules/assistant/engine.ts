import {
  citiesOf,
  cityCenter,
  formatDistance,
  type Point,
  findCity,
  findCountry,
  findProvince,
  getCategory,
  isListingType,
  timeZoneOf,
  type CategoryKey,
  type User,
} from '@eco/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect } from '../../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { PublicationJson } from '../publications/schemas.ts';
import { recogniseEntities, tokensOf, type Entities, type Place } from './entities.ts';
import type { IntentClassifier } from './intent-classifier.ts';
import type { LanguageModel } from './language-model.ts';
import {
  categoryDefinition,
  faqEntry,
  GENERAL_SUGGESTIONS,
  GOODBYE_MESSAGE,
  GREETING_MESSAGE,
  HELP_MESSAGE,
  OFFER_SUGGESTIONS,
  offerMessage,
  OUT_OF_SCOPE_MESSAGE,
  publishPath,
  searchMessage,
  searchSuggestions,
  NEARBY_UNKNOWN_MESSAGE,
  THANKS_MESSAGE,
  VAGUE_SEARCH_MESSAGE,
} from './replies.ts';
import { recogniseOffer, type Offer } from './offers.ts';
import { negatedStemsOf } from './relevance.ts';
import { createRetrieval, type SearchRequest } from './retrieval.ts';
import { findTimeRange } from './time-expressions.ts';

// The assistant: normalise, recognise, classify, retrieve, compose. One question in, one reply out; nothing is
// stored and nothing of the question reaches the log.

export type AssistantReplyJson = {
  message: string;
  publications: PublicationJson[];
  faq: { key: string; question: string }[];
  links: { to: string; title: string }[];
  searchUrl: string | null;
  suggestions: string[];
};

/** What the engine decided, for the debug log and the question set. */
export type AnswerKind = 'search' | 'faq' | 'define' | 'offer' | 'smalltalk' | 'out_of_scope';

export type AssistantTrace = {
  /** What the reply is. */
  answer: AnswerKind;
  intent: string;
  score: number;
  entities: Entities;
  timeLabel: string | null;
  /** The type an offer goes on, when the question offers something. */
  offer?: Offer | undefined;
};

export type AssistantDeps = {
  db: DB;
  /** The database's reader, for the publication searches (DatabaseHandle.reader); `db` when absent. */
  reader?: DB;
  dialect: Dialect;
  storage: MediaStorage;
  classifier: IntentClassifier;
  languageModel?: LanguageModel | null | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/** After a search that found nothing: publish it, on the type searched when it is one the form offers. */
function publishLink(category: CategoryKey | undefined) {
  return {
    to: category !== undefined && isListingType(category) ? publishPath(category) : '/publications/new',
    title: 'Publicar un anuncio',
  };
}

/** 'que es un punto verde', 'qué son los eventos', 'para qué sirven los consejos'. */
const DEFINITION_QUESTION =
  /\b(?:qu[eé]\s+(?:es|son|significa|significan|ser[ií]a|ser[ií]an)|para\s+qu[eé]\s+sirven?)\b/i;

/** 'como encuentro…', 'cómo hago…': a question about the site, even when it names a category. */
const HOW_TO_QUESTION = /^\W*(?:c[oó]mo|de\s+qu[eé]\s+manera)\b/i;

/** 'qué hago con…', 'dónde tiro…', 'no anda': someone getting rid of a thing (see retrieval's topics). */
const DISPOSAL_QUESTION =
  /\b(?:qu[eé]\s+hago\s+con|d[oó]nde\s+(?:tiro|llevo|dejo|descarto)|no\s+(?:anda|funciona|sirve)|tirar|descartar)\b/i;

/** Someone who needs a material wants it from someone who gives it away, not a recycling point. */
const ACQUIRING = /\b(?:necesito|necesitamos|consigo|conseguir|consiguen|quien\s+tiene|alguien\s+tiene)\b/i;

/** Words about the site itself: '¿se puede pagar con tarjeta en la página?' asks how the site works. */
const ABOUT_THE_SITE = /\b(?:p[aá]gina|sitio|web|app|aplicaci[oó]n|ecoanuncios)\b/i;

/** A product name only the site's own features answer: paying through it, its human check, one's calendar. */
const FEATURE_NAMES: readonly [RegExp, string][] = [
  [/\bmercado\s*pago\b/i, 'mercado-pago'],
  [/\b(?:captcha|recaptcha|altcha)\b/i, 'verificacion-humana'],
  [
    /\b(?:google\s*calendar|mi\s+calendario|calendario\s+del\s+celular|archivo\s+\.?ics)\b/i,
    'agregar-al-calendario',
  ],
];

/** 'cerca', 'cerquita', 'cerca de mí', 'por acá': near the visitor. */
const NEARBY = /\b(?:cerca|cerquita|cercano|cercana|por\s+ac[aá]|por\s+aqu[ií])\b/i;

/** Below this a FAQ guess gives way to a search when the question names what to search. */
const SURE_FAQ_SCORE = 0.9;

function memberPlace(user: User | null): Place | undefined {
  if (user?.locationCountry == null || findCountry(user.locationCountry) === undefined) return undefined;
  const province = user.locationProvince ?? undefined;
  const city = user.locationCity ?? undefined;
  return {
    country: user.locationCountry,
    province: province !== undefined && findProvince(province) ? province : undefined,
    city:
      city !== undefined && province !== undefined && findCity(city)?.provinceKey === province
        ? city
        : undefined,
  };
}

function namesSomething(entities: Entities, hasTime: boolean): boolean {
  return (
    entities.category !== undefined ||
    entities.materials.length > 0 ||
    entities.place !== undefined ||
    entities.topic !== undefined ||
    entities.free ||
    hasTime
  );
}

function empty(message: string, suggestions: readonly string[] = GENERAL_SUGGESTIONS): AssistantReplyJson {
  return { message, publications: [], faq: [], links: [], searchUrl: null, suggestions: [...suggestions] };
}

function faqReply(key: string): AssistantReplyJson | null {
  const entry = faqEntry(key);
  if (entry === undefined) return null;
  return {
    message: entry.answer,
    publications: [],
    faq: [{ key: entry.key, question: entry.question }],
    links: entry.references
      .filter((reference) => reference.to.startsWith('/'))
      .map((reference) => ({ to: reference.to, title: reference.title })),
    searchUrl: null,
    suggestions: GENERAL_SUGGESTIONS.filter((suggestion) => suggestion !== entry.question),
  };
}

/** How to publish what the visitor offers: the form on its type, and the profile when they have no phone. */
function offerReply(offer: Offer, user: User | null): AssistantReplyJson {
  const hasPhone = user !== null && user.phone !== null && user.phone !== '';
  const faqKey = offer.category === 'barter' ? 'materiales-para-regalar' : 'como-publicar';
  const links = [
    { to: publishPath(offer.category), title: `Publicar en ${getCategory(offer.category).title}` },
  ];
  if (user !== null && !hasPhone) links.push({ to: '/dashboard/settings', title: 'Cargar mi teléfono' });
  return {
    message: offerMessage(offer, { signedIn: user !== null, hasPhone }),
    publications: [],
    faq: [{ key: faqKey, question: faqEntry(faqKey)?.question ?? '' }],
    links,
    searchUrl: null,
    suggestions: [...OFFER_SUGGESTIONS],
  };
}

function factsOf(reply: AssistantReplyJson): string[] {
  return [
    ...reply.publications.map((publication) => {
      const place = findCity(publication.locationCity ?? '')?.name ?? '';
      return `Anuncio: «${publication.title}» (${getCategory(publication.typed).title}${place ? `, ${place}` : ''})`;
    }),
    ...reply.faq.map((entry) => `Pregunta frecuente: ${entry.question}`),
  ];
}

/** "Cerca de mí": the nearest shown, with their distances, from the visitor or from their city's center. */
function nearestSentence(publications: PublicationJson[], located: boolean, request: SearchRequest): string {
  const measured = publications.filter((publication) => publication.distanceKm !== undefined);
  if (request.near === undefined || measured.length === 0) return '';
  const from = located
    ? 'Lo más cercano a ti'
    : `Lo más cercano al centro de ${findCity(nearCityOf(request.place) ?? '')?.name ?? 'la ciudad'}`;
  const items = measured.map(
    (publication) => `«${publication.title}», ${formatDistance(publication.distanceKm ?? 0)}`,
  );
  return ` ${from}: ${items.join('; ')}.`;
}

/**
 * The city "cerca" measures from without the visitor's location: the one known, else its province's capital (the
 * catalog lists it first).
 */
function nearCityOf(place: Place | undefined): string | undefined {
  if (place === undefined) return undefined;
  return place.city ?? (place.province === undefined ? undefined : citiesOf(place.province)[0]?.key);
}

/** Where "cerca" measures from: the visitor's location when they shared it, else the center of the city known. */
function nearPointOf(located: Point | undefined, place: Place | undefined): Point | undefined {
  return located ?? cityCenter(nearCityOf(place)) ?? undefined;
}

export function createAssistant(deps: AssistantDeps) {
  const retrieval = createRetrieval(deps);
  const clock = deps.now ?? (() => new Date());

  async function search(
    request: SearchRequest,
    placeFromProfile: boolean,
    located: boolean,
  ): Promise<AssistantReplyJson> {
    const outcome = await retrieval.search(request, clock());
    return {
      message:
        searchMessage(request, outcome, placeFromProfile) +
        nearestSentence(outcome.publications, located, request),
      publications: outcome.publications,
      faq: [],
      links: outcome.total === 0 ? [publishLink(request.category)] : [],
      searchUrl: outcome.searchUrl,
      suggestions: searchSuggestions(request, outcome),
    };
  }

  async function compose(
    text: string,
    user: User | null,
    located?: Point,
  ): Promise<{ reply: AssistantReplyJson; trace: AssistantTrace }> {
    const now = clock();
    const profilePlace = memberPlace(user);
    const preliminary = recogniseEntities(text);
    const timeZone = timeZoneOf(preliminary.place?.country ?? profilePlace?.country);
    const time = findTimeRange(text, now, timeZone);
    const entities = time === null ? preliminary : recogniseEntities(text, new Set(tokensOf(time.text)));
    const { intent, score } = await deps.classifier.classify(text);
    const trace = { intent, score, entities, timeLabel: time?.label ?? null };
    const as = (answer: AnswerKind, reply: AssistantReplyJson) => ({ reply, trace: { ...trace, answer } });

    const nearby = NEARBY.test(text);
    // Someone sharing where they are and asking what is near: their profile's city does not filter.
    const place = entities.place ?? (nearby && located !== undefined ? undefined : profilePlace);
    const placeFromProfile = entities.place === undefined && place !== undefined;
    const acquiring =
      entities.category === undefined && entities.materials.length > 0 && ACQUIRING.test(text);
    const request: SearchRequest = {
      category: acquiring ? 'barter' : entities.category,
      materials: entities.materials,
      materialWords: entities.materialWords,
      catchAllWords: entities.catchAllWords,
      words: entities.words,
      place,
      time,
      topic: entities.topic,
      disposal: entities.category === 'dots' || DISPOSAL_QUESTION.test(text),
      free: entities.free,
      negated: negatedStemsOf(text),
      near: nearby ? nearPointOf(located, place) : undefined,
    };
    const specific = namesSomething(entities, time !== null);

    // 'cómo vendo con Mercado Pago' asks how a feature works, not how to publish what one sells.
    const feature = FEATURE_NAMES.find(([pattern]) => pattern.test(text));
    const featureReply = feature === undefined ? null : faqReply(feature[1]);
    if (featureReply !== null) return as('faq', featureReply);

    // Before the intents: an offer reads like a search or a FAQ question to the classifier.
    const offer = recogniseOffer(text, entities);
    if (offer !== null)
      return { reply: offerReply(offer, user), trace: { ...trace, offer, answer: 'offer' } };

    if (intent.startsWith('faq.')) {
      const key = intent.slice('faq.'.length);
      // 'como encuentro un punto de reciclaje' asks about the site; 'como reciclo tetrabrik' asks for a place.
      const aboutTheSite =
        (HOW_TO_QUESTION.test(text) || ABOUT_THE_SITE.test(text)) &&
        entities.materials.length === 0 &&
        entities.place === undefined &&
        time === null;
      const searchInstead = score < SURE_FAQ_SCORE && specific && !aboutTheSite;
      const faq = searchInstead ? null : faqReply(key);
      if (faq !== null) return as('faq', faq);
    }
    if (intent === 'define' && entities.category !== undefined && DEFINITION_QUESTION.test(text)) {
      const category: CategoryKey = entities.category;
      const found = await retrieval.search(
        { ...request, category, materials: [], catchAllWords: [], words: [], time: null, topic: undefined },
        now,
      );
      return as('define', {
        message: categoryDefinition(category),
        publications: found.publications,
        faq: [{ key: 'categorias', question: faqEntry('categorias')?.question ?? '' }],
        links: [],
        searchUrl: found.searchUrl,
        suggestions: [...GENERAL_SUGGESTIONS],
      });
    }
    if (intent === 'greeting') return as('smalltalk', empty(GREETING_MESSAGE));
    if (intent === 'thanks') return as('smalltalk', empty(THANKS_MESSAGE));
    if (intent === 'goodbye') return as('smalltalk', empty(GOODBYE_MESSAGE, []));
    if (intent === 'help' && !specific) return as('smalltalk', empty(HELP_MESSAGE));
    if (specific || (intent === 'search' && entities.words.length > 0)) {
      const reply = await search(request, placeFromProfile, located !== undefined);
      // 'cerca' without a place known: the answer cannot be near anything, and says so.
      if (place === undefined && request.near === undefined && nearby) {
        reply.message += ` ${NEARBY_UNKNOWN_MESSAGE}`;
      }
      return as('search', reply);
    }
    if (intent === 'search') return as('search', empty(VAGUE_SEARCH_MESSAGE));
    // Not understood, but it may name something published ('que hago con las pilas'): only an exact find counts.
    if (intent === 'None' && entities.words.length > 0) {
      const found = await retrieval.search(request, now);
      if (found.exact) {
        const one = found.total === 1;
        return as('search', {
          message:
            `No estoy seguro de haberte entendido, pero encontré ${found.more ? 'varios' : found.total} ` +
            `${one ? 'anuncio que menciona' : 'anuncios que mencionan'} «${entities.words.join(' ')}».`,
          publications: found.publications,
          faq: [],
          links: [],
          searchUrl: found.searchUrl,
          suggestions: [...GENERAL_SUGGESTIONS],
        });
      }
    }
    const faq = intent.startsWith('faq.') ? faqReply(intent.slice('faq.'.length)) : null;
    if (faq !== null) return as('faq', faq);
    return as('out_of_scope', empty(OUT_OF_SCOPE_MESSAGE));
  }

  return {
    /** The reply to a question, rephrased by the language model when one is configured and answers in time. */
    async answer(
      text: string,
      user: User | null,
      options: { near?: Point | undefined } = {},
    ): Promise<{ reply: AssistantReplyJson; trace: AssistantTrace }> {
      const started = performance.now();
      const { reply, trace } = await compose(text, user, options.near);
      let rephrased = false;
      if (deps.languageModel) {
        const message = await deps.languageModel.rephrase({
          question: text,
          draft: reply.message,
          facts: factsOf(reply),
        });
        if (message !== null) {
          reply.message = message;
          rephrased = true;
        }
      }
      // Debug only, and without the question: it may hold a name, an address or a phone number.
      deps.log.debug(
        {
          intent: trace.intent,
          score: Number(trace.score.toFixed(2)),
          category: trace.entities.category,
          materials: trace.entities.materials,
          place: trace.entities.place,
          time: trace.timeLabel,
          offer: trace.offer?.category,
          publications: reply.publications.length,
          faq: reply.faq.map((entry) => entry.key),
          rephrased,
          ms: Math.round(performance.now() - started),
        },
        'Assistant exchange',
      );
      return { reply, trace };
    },
  };
}

export type Assistant = ReturnType<typeof createAssistant>;
