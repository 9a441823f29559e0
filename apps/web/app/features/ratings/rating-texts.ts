import type { RatingDistribution } from '@eco/domain';

// Built once: toLocaleString with options builds a formatter on every call (about 60–90 µs), once per card.
const COUNT_FORMAT = new Intl.NumberFormat('es-AR');
const AVERAGE_FORMAT = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** '1 calificación', '3 calificaciones', 'Sin calificaciones'. */
export function ratingCountText(count: number): string {
  if (count <= 0) return 'Sin calificaciones';
  return count === 1 ? '1 calificación' : `${COUNT_FORMAT.format(count)} calificaciones`;
}

/** '1 estrella', '4 estrellas'. */
export function starsText(stars: number): string {
  return stars === 1 ? '1 estrella' : `${stars} estrellas`;
}

/** An average as es-AR shows it, one decimal at most: 4,5 / 4. */
export function formatAverage(average: number): string {
  return AVERAGE_FORMAT.format(Math.round(average * 10) / 10);
}

/** Accessible text of an average: '4,5 de 5 estrellas'. */
export function averageLabel(average: number): string {
  return `${formatAverage(average)} de 5 estrellas`;
}

export type DistributionRow = { stars: 1 | 2 | 3 | 4 | 5; count: number; percent: number };

/** The distribution from 5 stars down to 1, each with its share of the total (whole percent). */
export function distributionRows(distribution: Partial<RatingDistribution> | undefined): DistributionRow[] {
  const counts = ([5, 4, 3, 2, 1] as const).map((stars) => ({
    stars,
    count: Math.max(0, Number(distribution?.[String(stars) as keyof RatingDistribution] ?? 0) || 0),
  }));
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return counts.map((row) => ({ ...row, percent: total === 0 ? 0 : Math.round((row.count / total) * 100) }));
}

/** Cancelling a new rating with entered data asks first (section 8). */
export const CANCEL_RATING_CONFIRMATION = {
  title: '¿Estas seguras que deseas cancelar?',
  message: 'Se borrarán todos los datos ingresados.',
} as const;
