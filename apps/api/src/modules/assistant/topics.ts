import type { CategoryKey } from '@eco/domain';

// Everyday things people want to get rid of or find, which no material label names: an old fridge, batteries,
// medicines, light bulbs, tyres, rubble, yerba, furniture. When nothing published names the thing itself, the
// assistant looks for what helps with it (repairs for appliances, compost for yerba) and says so; when nothing
// helps either, it says it found nothing rather than showing whatever is near.

export type TopicKey =
  'appliances' | 'batteries' | 'medicines' | 'bulbs' | 'tyres' | 'rubble' | 'organic' | 'furniture';

export type Alternative = {
  search: string;
  whole?: boolean;
  title?: boolean;
  /** Only these types: how to compost yerba, not compost for sale. */
  types?: readonly CategoryKey[];
};

export type Topic = {
  key: TopicKey;
  /** How the reply names the thing, in the plural: 'No encontré puntos de reciclaje que reciban {name}'. */
  name: string;
  /** Folded single words that name it (the recogniser compares their stems, so plurals count too). */
  words: readonly string[];
  /**
   * What else to look for, together: searched words, whole words only ('repar' is not 'repart'), in the title only
   * ('Café de reparación', not a fair that also repairs bicycles).
   */
  alternatives: readonly Alternative[];
  /** How the reply names what the alternatives found: 'Encontré 3 anuncios {found}'. */
  found: string;
  /** One sentence of general advice, never a place, a date or a publication. */
  advice?: string;
};

export const TOPICS: readonly Topic[] = [
  {
    key: 'appliances',
    name: 'electrodomésticos ni aparatos electrónicos',
    words: [
      'heladera',
      'nevera',
      'freezer',
      'lavarropa',
      'lavarropas',
      'lavadora',
      'secarropa',
      'secarropas',
      'microonda',
      'microondas',
      'licuadora',
      'batidora',
      'tostadora',
      'cafetera',
      'plancha',
      'ventilador',
      'estufa',
      'calefactor',
      'televisor',
      'tele',
      'tv',
      'computadora',
      'compu',
      'notebook',
      'laptop',
      'monitor',
      'impresora',
      'celular',
      'electrodomestico',
      'aparato',
      'electronico',
      'electronica',
      'raee',
    ],
    alternatives: [{ search: 'electrodomesticos' }, { search: 'reparacion', whole: true, title: true }],
    found: 'para reparar o recibir electrodomésticos',
    advice:
      'Si todavía tiene arreglo, repararlo es lo mejor; si no, no va a la basura común: puedes regalarlo para ' +
      'repuestos en Mercado de Materiales.',
  },
  {
    key: 'batteries',
    name: 'pilas ni baterías',
    words: ['pila', 'pilas', 'bateria', 'baterias'],
    alternatives: [
      { search: 'pilas', whole: true, title: true },
      { search: 'baterias', whole: true, title: true },
    ],
    found: 'sobre pilas y baterías',
    advice: 'Las pilas y baterías no van a la basura común.',
  },
  {
    key: 'medicines',
    name: 'medicamentos',
    words: [
      'remedio',
      'remedios',
      'medicamento',
      'medicamentos',
      'medicina',
      'pastilla',
      'jarabe',
      'antibiotico',
    ],
    alternatives: [{ search: 'medicamentos', title: true }],
    found: 'sobre medicamentos',
    advice: 'Los medicamentos vencidos no van a la basura común ni al desagüe.',
  },
  {
    key: 'bulbs',
    name: 'lamparitas ni tubos',
    words: ['lamparita', 'lampara', 'foco', 'bombillo', 'bombilla', 'fluorescente', 'tubo'],
    alternatives: [{ search: 'lamparas', title: true }],
    found: 'sobre lámparas',
    advice:
      'Las lámparas de bajo consumo y los tubos fluorescentes tienen mercurio: no van a la basura común.',
  },
  {
    key: 'tyres',
    name: 'neumáticos',
    words: ['cubierta', 'neumatico', 'llanta', 'goma'],
    alternatives: [{ search: 'neumaticos', title: true }],
    found: 'sobre neumáticos',
  },
  {
    key: 'rubble',
    name: 'escombros',
    words: ['escombro', 'escombros', 'cascote', 'demolicion', 'obra'],
    alternatives: [
      { search: 'demolicion', title: true },
      { search: 'escombros', title: true },
    ],
    found: 'de materiales de demolición',
  },
  {
    key: 'organic',
    name: 'residuos orgánicos',
    words: ['yerba', 'comida', 'cascara', 'organico', 'organica', 'borra', 'verdura', 'fruta'],
    alternatives: [{ search: 'compost', types: ['tips', 'events', 'courses', 'dots'] }],
    found: 'sobre compost',
    advice: 'La yerba, las cáscaras y los restos de verdura se pueden compostar.',
  },
  {
    key: 'furniture',
    name: 'muebles',
    words: ['mueble', 'muebles', 'sillon', 'silla', 'mesa', 'ropero', 'placard', 'colchon', 'sofa'],
    alternatives: [{ search: 'muebles', title: true }],
    found: 'sobre muebles',
  },
];
