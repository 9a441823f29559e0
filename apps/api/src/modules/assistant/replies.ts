import {
  findCity,
  findCountry,
  findProvince,
  getCategory,
  questions,
  REQUIRED_BY_TYPE,
  type CategoryKey,
  type ListingType,
  type MaterialLabel,
  type TypedField,
} from '@eco/domain';
import type { Place } from './entities.ts';
import { NEIGHBOURING_PROVINCES } from './lexicon.ts';
import type { Offer } from './offers.ts';
import type { SearchOutcome, SearchRequest } from './retrieval.ts';

// The assistant's sentences: templates in the site's register (tú), filled only with catalog names, counts and the
// words the visitor typed. Nothing here names a publication, a date or a phone: those travel in the cards.

const NOUNS: Readonly<Record<CategoryKey | 'any', readonly [singular: string, plural: string]>> = {
  dots: ['punto de reciclaje', 'puntos de reciclaje'],
  events: ['evento o taller', 'eventos y talleres'],
  courses: ['curso', 'cursos'],
  market: ['producto o servicio', 'productos y servicios'],
  barter: ['anuncio de materiales', 'anuncios de materiales'],
  tips: ['consejo', 'consejos'],
  any: ['anuncio', 'anuncios'],
};

export function placeName(place: Place): string {
  if (place.city !== undefined) return findCity(place.city)?.name ?? '';
  if (place.province !== undefined) return findProvince(place.province)?.name ?? '';
  return findCountry(place.country)?.name ?? '';
}

/** 'de Vidrios o Plásticos', 'de aceite de cocina': the catch-all label by the words the visitor typed. */
function materialsPhrase(materials: readonly MaterialLabel[], catchAllWords: readonly string[]): string {
  const names = [...materials.filter((label) => label !== 'Otros'), ...catchAllWords];
  if (names.length === 0) return '';
  return ` de ${names.join(', ').replace(/, ([^,]*)$/, ' o $1')}`;
}

function describe(
  request: SearchRequest,
  {
    count,
    place,
    words,
    time,
  }: { count: number; place: Place | undefined; words: readonly string[]; time: SearchRequest['time'] },
): string {
  const [singular, plural] = NOUNS[request.category ?? 'any'];
  const noun = count === 1 ? singular : plural;
  const parts = [noun + materialsPhrase(request.materials, request.catchAllWords)];
  if (request.free === true) parts.push('gratis');
  if (words.length > 0) parts.push(`sobre «${words.join(' ')}»`);
  if (place !== undefined) parts.push(`en ${placeName(place)}`);
  if (time !== null) parts.push(time.label);
  return parts.join(' ');
}

/**
 * What was asked, in the visitor's words, for a topic: 'puntos de reciclaje que mencionen «heladera»' (what helps
 * may still include a point that takes small appliances: it is said next, not denied here).
 */
function describeAsked(request: SearchRequest): string {
  const { topic } = request;
  if (topic === undefined)
    return describe(request, { count: 2, place: request.place, words: request.words, time: request.time });
  const thing = request.words.length > 0 ? `«${request.words.join(' ')}»` : topic.name;
  const what =
    request.category === 'dots' || (request.category === undefined && request.disposal === true)
      ? `puntos de reciclaje que mencionen ${thing}`
      : `${NOUNS[request.category ?? 'any'][1]} sobre ${thing}`;
  const where = request.place === undefined ? '' : ` en ${placeName(request.place)}`;
  return `${what}${where}${request.time === null ? '' : ` ${request.time.label}`}`;
}

/** The message of a search answer. */
export function searchMessage(
  request: SearchRequest,
  outcome: SearchOutcome,
  placeFromProfile: boolean,
): string {
  const asked = describeAsked(request);
  const advice = request.topic?.advice === undefined ? '' : ` ${request.topic.advice}`;
  if (outcome.total === 0) {
    const nearby = request.place === undefined ? '' : ', ni nada parecido cerca';
    return (
      `No encontré ${asked} por ahora${nearby}.${advice} ` +
      'Si tienes algo para ofrecer, puedes publicarlo tú: es gratis.'
    );
  }
  const shown = outcome.publications.length;
  const count = outcome.more ? `más de ${shown}` : String(shown);
  // The full search has no price filter: said, so that its paid publications surprise nobody.
  const rest =
    request.free === true
      ? 'la búsqueda completa muestra también los que tienen precio'
      : 'el resto está en la búsqueda completa';
  const more = outcome.more ? ` Te muestro ${shown}; ${rest}.` : '';
  if (outcome.alternative === true && request.topic !== undefined) {
    const where = outcome.step.place === undefined ? '' : ` en ${placeName(outcome.step.place)}`;
    const noun = NOUNS.any[shown === 1 ? 0 : 1];
    return `No encontré ${asked}.${advice} Encontré ${count} ${noun} ${request.topic.found}${where}.${more}`;
  }
  const found = describe(
    { ...request, category: outcome.category },
    { count: shown, place: outcome.step.place, words: outcome.step.words, time: outcome.step.time },
  );
  if (outcome.exact) {
    const where = placeFromProfile && request.place !== undefined ? ' (tomé el lugar de tu perfil)' : '';
    return `Encontré ${count} ${found}${where}.${more}`;
  }
  const otherDate = request.time !== null && outcome.step.time === null ? ', en otras fechas' : '';
  return `No encontré ${asked}.${advice} Lo más cercano: ${count} ${found}${otherDate}.${more}`;
}

/** Follow-up questions after a search: somewhere else, another time, something to do. */
export function searchSuggestions(request: SearchRequest, outcome: SearchOutcome): string[] {
  const suggestions: string[] = [];
  const province = outcome.step.place?.province ?? request.place?.province;
  const neighbour = province === undefined ? undefined : NEIGHBOURING_PROVINCES[province]?.[0];
  const noun = NOUNS[outcome.category ?? 'any'][1];
  if (neighbour !== undefined) {
    suggestions.push(
      `¿Hay ${noun}${materialsPhrase(request.materials, request.catchAllWords)} en ${findProvince(neighbour)?.name ?? ''}?`,
    );
  }
  if (request.category !== 'events') suggestions.push('¿Qué eventos hay este fin de semana?');
  else suggestions.push('¿Qué cursos hay el mes que viene?');
  suggestions.push(
    request.category === 'barter' || outcome.total === 0
      ? '¿Cómo publico un anuncio?'
      : '¿Cómo funciona el carrito de contacto?',
  );
  return suggestions.slice(0, 3);
}

export function faqEntry(key: string) {
  return questions.find((entry) => entry.key === key);
}

export function categoryDefinition(category: CategoryKey): string {
  const { title, description } = getCategory(category);
  const intro: Partial<Record<CategoryKey, string>> = {
    dots: 'Un punto verde (o punto de reciclaje) es un lugar donde entregar residuos separados para que se reciclen. ',
  };
  return `${intro[category] ?? ''}En EcoAnuncios los encuentras en ${title}. ${description}`;
}

/** The publication form on a type (the form reads `what` to choose it). */
export function publishPath(category: ListingType): string {
  return `/publications/new?what=${category}`;
}

const OFFER_LEADS: Readonly<Record<ListingType, string>> = {
  dots: 'Para que otras personas encuentren tu punto de reciclaje',
  events: 'Para difundir tu evento o taller',
  courses: 'Para difundir tu curso',
  market: 'Para ofrecer tus productos o servicios',
  barter: 'Para ofrecer tus materiales',
};

const ACT_LEADS: Partial<Record<Offer['act'], string>> = {
  give: 'Para regalar',
  swap: 'Para hacer un trueque',
  sell: 'Para vender',
};

/** What the form asks on top of the title, the description and a photo, as the publication schema requires it. */
const FIELD_NAMES: Readonly<Record<TypedField, string>> = {
  quantity: 'la cantidad',
  price: 'el precio',
  locationAddress: 'la dirección',
  calendaredAt: 'la fecha',
  labels: 'los materiales',
};

/**
 * How to publish an offer: the type it goes on, that it is free, what the form asks (REQUIRED_BY_TYPE), that a
 * guest must sign in first, the review before it shows, and the phone that lets people write.
 */
export function offerMessage(offer: Offer, asker: { signedIn: boolean; hasPhone: boolean }): string {
  const { title } = getCategory(offer.category);
  const lead =
    (offer.category === 'barter' || offer.category === 'market' ? ACT_LEADS[offer.act] : undefined) ??
    OFFER_LEADS[offer.category];
  const fields = [
    'el título',
    'la descripción',
    ...REQUIRED_BY_TYPE[offer.category].map((field) => FIELD_NAMES[field]),
  ];
  const listed = `${fields.slice(0, -1).join(', ')} y ${fields.at(-1) ?? ''}`;
  const note: Partial<Record<Offer['act'], string>> = {
    give: ' Aclara en la descripción que es un regalo.',
    swap: ' Cuenta en la descripción qué te gustaría recibir a cambio.',
  };
  return [
    `${lead}, publica un anuncio en ${title}: es gratis.`,
    asker.signedIn ? '' : ' Primero ingresa con tu cuenta, o crea una si todavía no la tienes.',
    ` En el formulario completa ${listed}, y agrega al menos una foto.${note[offer.act] ?? ''}`,
    ' El anuncio queda En Revisión hasta que el equipo de moderación lo apruebe.',
    asker.hasPhone || offer.category === 'dots'
      ? ''
      : ' Para que puedan escribirte por WhatsApp, carga tu teléfono en tu perfil.',
  ].join('');
}

export const OFFER_SUGGESTIONS: readonly string[] = [
  '¿Por qué mi anuncio dice «En Revisión»?',
  '¿Publicar tiene algún costo?',
];

export const GREETING_MESSAGE =
  '¡Hola! Soy el asistente de EcoAnuncios. Puedo ayudarte a encontrar puntos de reciclaje, eventos, cursos, ' +
  'productos y materiales cerca de ti, o contarte cómo funciona el sitio. ¿Qué estás buscando?';
export const THANKS_MESSAGE = '¡De nada! Si necesitas algo más, escríbeme cuando quieras.';
export const GOODBYE_MESSAGE = '¡Hasta pronto! Gracias por cuidar el planeta.';
export const HELP_MESSAGE =
  'Escríbeme lo que buscas como se lo dirías a una persona: un material y un lugar («dónde reciclo vidrio en ' +
  'Córdoba»), una actividad y una fecha («talleres este finde en CABA») o una duda sobre el sitio («cómo publico ' +
  'un anuncio»). Te respondo con los anuncios que coinciden y un enlace a la búsqueda completa.';
export const OUT_OF_SCOPE_MESSAGE =
  'Eso no lo sé: solo conozco lo que se publica en EcoAnuncios y cómo funciona el sitio. Prueba preguntarme por ' +
  'un material para reciclar, un evento, un curso o un producto ecológico en tu ciudad.';
export const NEARBY_UNKNOWN_MESSAGE =
  'No sé dónde estás: dime tu ciudad (o cárgala en tu perfil) y te muestro lo más cercano.';
export const VAGUE_SEARCH_MESSAGE =
  'Cuéntame un poco más: ¿qué material, actividad o producto buscas, y en qué ciudad?';

export const GENERAL_SUGGESTIONS: readonly string[] = [
  '¿Dónde reciclo vidrio en Córdoba?',
  '¿Qué eventos hay este fin de semana?',
  '¿Cómo publico un anuncio?',
];
