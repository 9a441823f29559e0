import { z } from 'zod';
import { AGENDA_WHEN, type AgendaPeriod } from '../dates/agenda-ranges.ts';
import { parseIsoDay, type LocalDay } from '../dates/time-zones.ts';

// The agenda's query parameters, the same for GET /api/publications and the explore page: `when`, `from` and `to`
// (days, inclusive) and `past`. An empty parameter reads as absent: a GET form sends its empty date inputs.

export const AGENDA_MESSAGES = {
  when: 'El período debe ser hoy (today), fin de semana (weekend), semana (week) o mes (month)',
  from: 'La fecha "desde" debe ser un día válido (AAAA-MM-DD)',
  to: 'La fecha "hasta" debe ser un día válido (AAAA-MM-DD)',
  order: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
  both: 'Elegí un período o un rango de fechas, no los dos',
  past: 'El filtro de pasados debe ser 1 o 0',
} as const;

function absentWhenEmpty(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** A day far enough from the ends of what an ISO instant can say. */
function isoDay(message: string) {
  return z.preprocess(
    absentWhenEmpty,
    z
      .string({ error: message })
      .transform((text, ctx): LocalDay => {
        const day = parseIsoDay(text.trim());
        if (day === null || day.year < 1970 || day.year > 9998) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return day;
      })
      .optional(),
  );
}

export const agendaParams = {
  when: z.preprocess(absentWhenEmpty, z.enum(AGENDA_WHEN, { error: AGENDA_MESSAGES.when }).optional()),
  from: isoDay(AGENDA_MESSAGES.from),
  to: isoDay(AGENDA_MESSAGES.to),
  past: z.preprocess(
    absentWhenEmpty,
    z
      .enum(['1', '0', 'true', 'false'], { error: AGENDA_MESSAGES.past })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  ),
};

type AgendaValues = {
  when?: (typeof AGENDA_WHEN)[number] | undefined;
  from?: LocalDay | undefined;
  to?: LocalDay | undefined;
};

const dayNumber = (day: LocalDay) => Date.UTC(day.year, day.month - 1, day.day);

/** The checks across the parameters, for a schema's superRefine. */
export function checkAgenda(
  value: AgendaValues,
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
): void {
  if (value.when !== undefined && (value.from !== undefined || value.to !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['when'], message: AGENDA_MESSAGES.both });
  }
  if (value.from !== undefined && value.to !== undefined && dayNumber(value.from) > dayNumber(value.to)) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: AGENDA_MESSAGES.order });
  }
}

export const agendaQuerySchema = z.object(agendaParams).superRefine(checkAgenda);
export type AgendaQuery = z.output<typeof agendaQuerySchema>;

/** The period the parameters ask for, or null when they name none. */
export function agendaPeriodOf(value: AgendaValues): AgendaPeriod | null {
  if (value.when !== undefined) return { when: value.when };
  if (value.from === undefined && value.to === undefined) return null;
  return { from: value.from ?? null, to: value.to ?? null };
}
