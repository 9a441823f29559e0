/** Material labels of recycling points and barter publications. */
export const MATERIAL_LABELS = [
  'Papel/Cartón',
  'Telas/Trapos',
  'Aluminio/Hojalata',
  'Telgopor',
  'Vidrios',
  'Plásticos',
  'Tetrabrik',
  'Otros',
] as const;
export type MaterialLabel = (typeof MATERIAL_LABELS)[number];

export function isMaterialLabel(value: unknown): value is MaterialLabel {
  return typeof value === 'string' && (MATERIAL_LABELS as readonly string[]).includes(value);
}
