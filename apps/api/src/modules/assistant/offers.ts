import { isListingType, type ListingType } from '@eco/domain';
import { editDistance, tokensOf, type Entities } from './entities.ts';

// Offers: someone who has something to give away, sell, swap, teach or announce, or a recycling point to register,
// is told how to publish it instead of being shown what others publish. The intent classifier cannot tell them
// apart from searches: 'vendo' and 'venden' share one stem. The person of the verb can: the first person or an
// infinitive offers ('vendo', 'quiero regalar', 'para donar'); the third searches ('quien vende', 'regalan').

export type OfferAct = 'give' | 'sell' | 'swap' | 'teach' | 'organise' | 'register' | 'publish';

export type Offer = { act: OfferAct; category: ListingType };

/** First persons and infinitives, folded. */
const OFFER_FORMS: Readonly<Record<OfferAct, readonly string[]>> = {
  give: [
    'regalo',
    'regalamos',
    'regalar',
    'doy',
    'damos',
    'dar',
    'dono',
    'donamos',
    'donar',
    'obsequio',
    'obsequiar',
  ],
  sell: [
    'vendo',
    'vendemos',
    'vender',
    'ofrezco',
    'ofrecemos',
    'ofrecer',
    'fabrico',
    'fabricamos',
    'produzco',
    'producimos',
    'elaboro',
    'elaboramos',
    'comercializo',
    'comercializar',
  ],
  swap: [
    'cambio',
    'cambiamos',
    'cambiar',
    'intercambio',
    'intercambiamos',
    'intercambiar',
    'permuto',
    'permutar',
  ],
  // Not 'capacitar': 'me quiero capacitar' is someone who wants to learn.
  teach: [
    'dicto',
    'dictamos',
    'dictar',
    'enseno',
    'ensenamos',
    'ensenar',
    'imparto',
    'impartir',
    'capacito',
    'capacitamos',
  ],
  organise: [
    'organizo',
    'organizamos',
    'organizar',
    'armo',
    'armamos',
    'armar',
    'coordino',
    'coordinamos',
    'coordinar',
    'hacemos',
    'convocamos',
  ],
  register: [
    'registro',
    'registramos',
    'registrar',
    'inscribo',
    'inscribir',
    'agrego',
    'agregamos',
    'agregar',
    'sumo',
    'sumamos',
    'sumar',
    'cargo',
    'cargamos',
    'cargar',
    'subo',
    'subimos',
    'subir',
  ],
  publish: [
    'publico',
    'publicamos',
    'publicar',
    'anuncio',
    'anunciamos',
    'anunciar',
    'promociono',
    'promocionamos',
    'promocionar',
    'difundo',
    'difundimos',
    'difundir',
    'publicito',
    'publicitar',
    'aviso',
    'avisamos',
    'avisar',
  ],
};

/** Forms that search, listed so that a typo is never read as the offer next to them ('vende' is not 'vender'). */
const OTHER_FORMS = [
  'vende',
  'venden',
  'vendes',
  'venda',
  'vendan',
  'vendido',
  'vendedor',
  'regala',
  'regalan',
  'regalas',
  'regale',
  'regalen',
  'regalos',
  'regalado',
  'dona',
  'donan',
  'done',
  'donen',
  'donacion',
  'dicta',
  'dictan',
  'ensena',
  'ensenan',
  'organiza',
  'organizan',
  'ofrece',
  'ofrecen',
  'cambia',
  'cambian',
  'cambios',
  'publica',
  'publican',
  'anuncia',
  'anuncian',
  'registra',
  'registran',
  'inscriben',
  'agrega',
  'agregan',
  'carga',
  'cargan',
  'sube',
  'suben',
  'suma',
  'suman',
  'difunde',
  'difunden',
  'promociona',
  'promocionan',
  'intercambian',
  'fabrica',
  'fabrican',
  'produce',
  'producen',
  'elabora',
  'elaboran',
  'largo',
];

const FORMS = new Map<string, OfferAct | null>([
  ...Object.entries(OFFER_FORMS).flatMap(([act, forms]) =>
    forms.map((form) => [form, act as OfferAct] as const),
  ),
  ...OTHER_FORMS.map((form) => [form, null] as const),
]);

/** First persons of the present: alone in a question they may be a typo of the third ('¿vendo compost?'). */
const BARE_PRESENT = new Set([
  'regalo',
  'doy',
  'dono',
  'vendo',
  'ofrezco',
  'cambio',
  'intercambio',
  'permuto',
  'dicto',
  'enseno',
  'organizo',
]);

/** Words that make a sentence a question about asking, not offering ('¿quiero…?', 'cómo…', 'qué hago'). */
const ASKING_HOW = new Set([
  'quiero',
  'queria',
  'quisiera',
  'queremos',
  'necesito',
  'puedo',
  'podemos',
  'podria',
  'como',
  'hago',
  'debo',
  'tengo',
  'tenemos',
]);

/** Words before the verb that make it a search: 'busco quien regale', 'hay alguien que venda', 'ideas para regalar'. */
const SEARCH_FRAMES = new Set([
  'busco',
  'buscando',
  'buscamos',
  'quien',
  'quienes',
  'alguien',
  'alguno',
  'alguna',
  'hay',
  'conoces',
  'conoce',
  'conocen',
  'sabes',
  'sabe',
  'saben',
  'idea',
  'ideas',
  'consejo',
  'consejos',
  'tip',
  'tips',
]);

/** Who is asked to buy: 'quién me compra…', 'alguien compra…', 'dónde compran…'. */
const BUYER_ASKS = new Set(['quien', 'quienes', 'alguien', 'donde']);

/** After 'donde', what still asks where to offer: 'dónde puedo vender', 'dónde lo publico'. */
const WHERE_TO_OFFER = new Set(['puedo', 'podemos', 'podria', 'se', 'lo', 'la', 'los', 'las', 'me']);

/** Words that make the form before them a noun: 'un regalo', 'el anuncio', 'de cambio', 'a cargo'. */
const DETERMINERS = new Set([
  'un',
  'una',
  'el',
  'la',
  'los',
  'las',
  'mi',
  'mis',
  'tu',
  'tus',
  'su',
  'sus',
  'de',
  'del',
  'al',
  'a',
  'este',
  'ese',
  'esta',
  'esa',
  'algun',
  'ningun',
  'cada',
  'otro',
  'nuevo',
  'para',
]);

/** Forms that are nouns as well. */
const ALSO_NOUNS = new Set([
  'regalo',
  'anuncio',
  'aviso',
  'cambio',
  'intercambio',
  'cargo',
  'registro',
  'publico',
  'sumo',
]);

/** What one teaches: 'doy un taller' teaches, 'doy frascos' gives. */
const TEACHING_NOUNS = new Set([
  'taller',
  'talleres',
  'curso',
  'cursos',
  'clase',
  'clases',
  'charla',
  'charlas',
  'capacitacion',
  'capacitaciones',
  'seminario',
  'workshop',
]);

/** What a donation to the project is made of: 'quiero donar plata' is no offer to publish. */
const MONEY_WORDS = new Set([
  'plata',
  'dinero',
  'peso',
  'pesos',
  'aporte',
  'proyecto',
  'ecoanuncios',
  'pagina',
  'sitio',
]);

/** What someone runs and may publish: 'tengo un punto de acopio', 'tenemos un emprendimiento'. */
const OWNED_DOTS = new Set(['punto', 'ecopunto', 'centro', 'contenedor']);
const OWNED_BUSINESSES = new Set([
  'emprendimiento',
  'tienda',
  'negocio',
  'marca',
  'empresa',
  'vivero',
  'fabrica',
]);

/** Clothes sell as products; the other materials as materials. */
const GARMENTS = new Set(['ropa', 'remera', 'remeras', 'prenda', 'prendas', 'camiseta', 'camisetas']);

const INFINITIVE_WITH_PRONOUN = /^(.+(?:ar|er|ir))(lo|la|los|las|le|les|me|nos|selo|sela|selos|selas)$/;

/** A verb read as an offer; `category` when the words around it already say where it goes. */
type Found = { act: OfferAct; bare: boolean; category?: ListingType };

/** The act of a word, with a typo forgiven in words of five letters or more (but never into 'vende'). */
function formOf(token: string): { act: OfferAct | null; pronoun: string | null } {
  const known = FORMS.get(token);
  if (known !== undefined) return { act: known, pronoun: null };
  const withPronoun = INFINITIVE_WITH_PRONOUN.exec(token);
  if (withPronoun !== null) {
    const act = FORMS.get(withPronoun[1] ?? '');
    if (act !== undefined) return { act, pronoun: withPronoun[2] ?? null };
  }
  if (token.length < 5) return { act: null, pronoun: null };
  let best: OfferAct | null = null;
  let bestDistance = 2;
  for (const [form, act] of FORMS) {
    if (form.length < 6) continue;
    const distance = editDistance(token, form, 1);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = act;
    }
  }
  return { act: best, pronoun: null };
}

/** The offers of one clause ('tengo frascos', 'qué hago'): each verb read with the words around it. */
function offersInClause(tokens: readonly string[], entities: Entities, found: Found[]): void {
  const objects =
    entities.materials.length > 0 ||
    entities.words.some((word) => !MONEY_WORDS.has(word) && !FORMS.has(word));
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] ?? '';
    const before = tokens.slice(0, index);
    const previous = tokens[index - 1];
    const next = tokens.slice(index + 1, index + 4);

    // 'me sobran tejas', 'tengo cajas que no uso': something to give away.
    if (/^sobr(a|an|o|aron|aba|aban)$/.test(token) && (previous === 'me' || previous === 'nos')) {
      found.push({ act: 'give', bare: false });
      continue;
    }
    if ((token === 'tengo' || token === 'tenemos') && index + 1 < tokens.length) {
      const rest = tokens.slice(index + 1).join(' ');
      if (/\bque (?:ya )?no (?:uso|usamos|necesito|necesitamos)\b/.test(rest))
        found.push({ act: 'give', bare: false });
      const owned = tokens[index + 2];
      if (DETERMINERS.has(tokens[index + 1] ?? '') && owned !== undefined) {
        if (OWNED_BUSINESSES.has(owned)) found.push({ act: 'register', bare: false, category: 'market' });
        else if (OWNED_DOTS.has(owned) && entities.categories.includes('dots'))
          found.push({ act: 'register', bare: false, category: 'dots' });
      }
      continue;
    }
    // 'quién me compra el cartón', 'alguien compra latas': someone who sells.
    if (/^compra(n|ria|rian)?$/.test(token) && before.some((word) => BUYER_ASKS.has(word))) {
      found.push({ act: 'sell', bare: false });
      continue;
    }
    // 'tengo un sillón, ¿alguien lo quiere?', '¿a alguien le sirve?': something to give away.
    if (
      /^(quiere|quieren|necesita|necesitan|sirve|sirven)$/.test(token) &&
      /^(lo|la|los|las|le|les)$/.test(previous ?? '') &&
      before.some((word) => word === 'alguien' || word === 'quien')
    ) {
      found.push({ act: 'give', bare: false });
      continue;
    }
    // 'vamos a hacer una feria'
    if (token === 'hacer' && previous === 'a' && tokens[index - 2] === 'vamos') {
      found.push({ act: 'organise', bare: false });
      continue;
    }
    // 'hago trueque de semillas'
    if ((token === 'trueque' || token === 'trueques') && /^(hago|hacemos|hacer)$/.test(previous ?? '')) {
      found.push({ act: 'swap', bare: false });
      continue;
    }

    const { act, pronoun } = formOf(token);
    if (act === null) continue;
    // 'busco quien regale' searches; 'busco dónde vender mi ropa' offers.
    const frame = before.findLastIndex((word) => SEARCH_FRAMES.has(word));
    const askingWhere = before.slice(frame + 1).some((word) => word === 'donde' || word === 'como');
    if (frame !== -1 && !(/^busc/.test(before[frame] ?? '') && askingWhere)) continue;
    // 'dónde dejo ropa para donar' searches; 'dónde publico', 'dónde puedo vender' ask where to offer.
    const where = before.lastIndexOf('donde');
    if (where !== -1 && where !== index - 1 && !WHERE_TO_OFFER.has(tokens[where + 1] ?? '')) continue;
    if (ALSO_NOUNS.has(token) && previous !== undefined && DETERMINERS.has(previous)) continue;
    // 'en qué categoría publico lo que ofrezco' asks about the site, whatever it is.
    if (previous === 'que' && tokens[index - 2] === 'lo') continue;
    // 'me registro', 'me inscribo': signing up, not registering something.
    if (act === 'register' && (previous === 'me' || previous === 'nos')) continue;
    // 'qué le puedo regalar a mi hermana': a present for someone.
    if (
      act === 'give' &&
      (pronoun === 'le' || pronoun === 'les' || before.slice(-2).some((w) => w === 'le' || w === 'les'))
    )
      continue;

    const bare = BARE_PRESENT.has(token);
    if (act === 'give' && /^(doy|damos|dar)$/.test(token)) {
      // 'dar de baja mi cuenta', 'dar una mano'
      if ((next[0] === 'de' && next[1] === 'baja') || next[1] === 'mano') continue;
      if (next[0] === 'de' && next[1] === 'alta') {
        found.push({ act: 'register', bare: false });
        continue;
      }
    }
    if ((act === 'give' || act === 'sell') && next.some((word) => TEACHING_NOUNS.has(word))) {
      found.push({ act: 'teach', bare });
      continue;
    }
    if (act === 'give' && /^(doy|damos|dar|dono|donamos|donar)$/.test(token) && !objects) continue;
    if (act === 'swap' && /^cambi/.test(token) && !tokens.slice(index + 1).includes('por')) continue;
    if (act === 'swap' && next[0] === 'de') continue;
    found.push({ act, bare });
  }
}

/** The type to publish on, decided by the most telling act: 'doy un taller' is an event, 'vendo frascos' a material. */
function decide(found: readonly Found[], entities: Entities): Offer | null {
  const acts = new Set(found.map((offer) => offer.act));
  const has = (key: string) => entities.categories.some((category) => category === key);
  if (acts.has('teach'))
    return { act: 'teach', category: has('courses') || !has('events') ? 'courses' : 'events' };
  // 'organizo una feria' announces; 'armo composteras y las vendo' sells.
  if (acts.has('organise') && (has('events') || has('courses'))) {
    return { act: 'organise', category: has('courses') && !has('events') ? 'courses' : 'events' };
  }
  if (acts.has('give')) return { act: 'give', category: 'barter' };
  if (acts.has('swap')) return { act: 'swap', category: 'barter' };
  if (acts.has('sell')) {
    if (has('courses')) return { act: 'sell', category: 'courses' };
    if (has('events')) return { act: 'sell', category: 'events' };
    const materials = entities.materialWords.some((word) => !GARMENTS.has(word));
    return { act: 'sell', category: materials || has('barter') ? 'barter' : 'market' };
  }
  // Registering or publishing says nothing of what: the question must name it.
  const act = acts.has('register') ? 'register' : 'publish';
  const listed =
    found.find((offer) => offer.category !== undefined)?.category ?? entities.categories.find(isListingType);
  if (listed !== undefined) return { act, category: listed };
  return entities.materials.length > 0 ? { act, category: 'barter' } : null;
}

/** The offer a message makes, or null when it searches or asks something else. */
export function recogniseOffer(text: string, entities: Entities): Offer | null {
  const found: Found[] = [];
  for (const clause of text.split(/[,.;:!?¿¡\n]+/)) {
    offersInClause(tokensOf(clause), entities, found);
  }
  if (found.length === 0) return null;
  // '¿vendo compost en La Plata?' asks who sells it ('vende' mistyped); '¿quiero vender…?' still offers.
  const asking = tokensOf(text).some((word) => ASKING_HOW.has(word));
  if (text.trim().endsWith('?') && !asking && found.every((offer) => offer.bare)) return null;

  return decide(found, entities);
}
