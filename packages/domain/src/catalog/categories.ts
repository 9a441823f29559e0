import type { CategoryEntry } from '../types/catalog.ts';

/** Publication categories (the field `typed`), in the order of the home menu. */
export const CATEGORY_KEYS = ['dots', 'events', 'market', 'barter', 'tips', 'courses'] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** Icon names; the web maps them to Tabler icons. */
export type CategoryIcon =
  'recycle' | 'calendar-event' | 'shopping-bag' | 'arrows-exchange' | 'bulb' | 'school';
/** Mantine palette names. */
export type CategoryColor = 'green' | 'orange' | 'teal' | 'lime' | 'yellow' | 'cyan';

const CATEGORY_BY_KEY: Readonly<Record<CategoryKey, CategoryEntry>> = {
  dots: {
    key: 'dots',
    title: 'Puntos de Reciclaje',
    description: 'Encuentra dónde llevar tus residuos reciclables cerca de ti.',
    icon: 'recycle',
    color: 'green',
  },
  events: {
    key: 'events',
    title: 'Eventos y Talleres',
    description: 'Participa en encuentros y talleres para aprender a vivir de forma sustentable.',
    icon: 'calendar-event',
    color: 'orange',
  },
  market: {
    key: 'market',
    title: 'Productos y Servicios',
    description: 'Compra y ofrece productos y servicios ecológicos de tu zona.',
    icon: 'shopping-bag',
    color: 'teal',
  },
  barter: {
    key: 'barter',
    title: 'Mercado de Materiales',
    description: 'Regala o vende materiales reutilizables para que tengan una segunda vida.',
    icon: 'arrows-exchange',
    color: 'lime',
  },
  tips: {
    key: 'tips',
    title: 'Consejos',
    description: 'Ideas prácticas para cuidar el planeta en tu día a día.',
    icon: 'bulb',
    color: 'yellow',
  },
  courses: {
    key: 'courses',
    title: 'Cursos y Academia',
    description: 'Fórmate con cursos sobre reciclaje, huertas, energía y consumo responsable.',
    icon: 'school',
    color: 'cyan',
  },
};

export const categories: readonly CategoryEntry[] = CATEGORY_KEYS.map((key) => CATEGORY_BY_KEY[key]);

export function isCategoryKey(value: unknown): value is CategoryKey {
  return typeof value === 'string' && (CATEGORY_KEYS as readonly string[]).includes(value);
}

export function getCategory(key: CategoryKey): CategoryEntry {
  return CATEGORY_BY_KEY[key];
}
