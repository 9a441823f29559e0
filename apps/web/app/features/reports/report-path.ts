import type { ReportTargetType } from '@eco/domain';

/** The page of the report form: what 'Denunciar' opens before the page's scripts run, and where the form posts. */
export function reportPath(targetType: ReportTargetType, targetId: string): string {
  return `/report/${targetType}/${encodeURIComponent(targetId)}`;
}

/** The page of what is reported, where the person goes back to. */
export function reportedPath(targetType: ReportTargetType, targetId: string): string {
  return `/${targetType === 'publication' ? 'publications' : 'users'}/${encodeURIComponent(targetId)}`;
}
