import type { PublicationJson } from '../publications/publications';

export type Paged<T> = { items: T[]; total: number; totalPages: number; nextPage: number | null };

export type WaitingItem = {
  publication: PublicationJson;
  captchaVerified: boolean | null;
  reviewNote: string | null;
  waitingSince: string;
  openReports: number;
  author: {
    id: string;
    name: string;
    memberSince: string;
    published: number;
    pending: number;
    upheldReports: number;
  };
};

export type ReportedItem = {
  targetType: 'publication' | 'user';
  targetId: string;
  label: string | null;
  openReports: number;
  firstReportedAt: string;
  lastReportedAt: string;
  status: number | null;
  reviewNote: string | null;
  owner: { id: string; name: string } | null;
  suspended: boolean | null;
  isSuperUser: boolean | null;
  reports: { reason: string; comment: string | null; createdAt: string; reporter: 'member' | 'guest' }[];
};

export type SuspendedItem = {
  id: string;
  name: string;
  email: string;
  pictureUrl: string | null;
  suspendedAt: string;
};

export type LogItem = {
  id: string;
  actor: { id: string | null; name: string | null } | null;
  action: string;
  targetType: 'publication' | 'user';
  targetId: string;
  targetLabel: string;
  reason: string | null;
  createdAt: string;
};

export const TABS = ['review', 'reports', 'suspended', 'log'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_LABELS: Record<Tab, string> = {
  review: 'En revisión',
  reports: 'Denuncias',
  suspended: 'Suspendidos',
  log: 'Registro',
};

export const TAB_API: Record<Tab, string> = {
  review: '/api/moderation/queue',
  reports: '/api/moderation/reports',
  suspended: '/api/moderation/suspended',
  log: '/api/moderation/log',
};

export const ACTION_LABELS: Record<string, string> = {
  publish: 'Publicó',
  send_to_review: 'Devolvió a revisión',
  unpublish: 'Retiró',
  dismiss_reports: 'Descartó denuncias',
  suspend: 'Suspendió',
  reinstate: 'Reactivó',
  hide_by_reports: 'Ocultó por denuncias',
};
