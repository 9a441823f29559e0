/** The desk's decisions, each a form that posts to the desk's action. */
export const DECISIONS = ['publish', 'unpublish', 'review', 'dismiss', 'suspend', 'reinstate'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Decisions that hide something say why (the author reads it): their reason form is their confirmation. */
export const REASONED: ReadonlySet<Decision> = new Set(['unpublish', 'review', 'suspend']);

export function isDecision(value: unknown): value is Decision {
  return typeof value === 'string' && (DECISIONS as readonly string[]).includes(value);
}

/** The query that opens a reason form inside its card, for a page without scripts (`?motivo=…&id=…`). */
export const REASON_PARAM = 'motivo';
export const TARGET_PARAM = 'id';

export type ReasonRequest = { title: string; message: string; confirmLabel: string };

/** What the reason form of each hiding decision says about its target. */
export function reasonRequest(decision: Decision, label: string): ReasonRequest {
  switch (decision) {
    case 'unpublish':
      return { title: 'Retirar anuncio', message: `«${label}» dejará de verse.`, confirmLabel: 'Retirar' };
    case 'review':
      return {
        title: 'Devolver a revisión',
        message: `Dile al autor qué cambiar en «${label}».`,
        confirmLabel: 'Devolver',
      };
    default:
      return {
        title: 'Suspender cuenta',
        message: `${label} no podrá ingresar, sus sesiones terminan ya y sus anuncios y su perfil dejan de verse.`,
        confirmLabel: 'Suspender',
      };
  }
}

/** The API call of a decision on its target. */
export function decisionApiPath(decision: Decision, targetId: string): string {
  const id = encodeURIComponent(targetId);
  switch (decision) {
    case 'publish':
    case 'unpublish':
    case 'review':
      return `/api/moderation/publications/${id}/${decision}`;
    case 'suspend':
    case 'reinstate':
      return `/api/moderation/users/${id}/${decision}`;
    case 'dismiss':
      return '/api/moderation/reports/dismiss';
  }
}
