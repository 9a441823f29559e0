import type { QualificationPage } from '@eco/domain';
import { DEFAULT_PAGE_SIZE } from '@eco/domain/constants';

export function userApiPath(userId: string): string {
  return `/api/user/${encodeURIComponent(userId)}`;
}

export function qualificationsApiPath(userId: string, page: number, pageSize = DEFAULT_PAGE_SIZE): string {
  return `${userApiPath(userId)}/qualifications?page=${page}&pageSize=${pageSize}`;
}

export function myQualificationApiPath(toUserId: string): string {
  return `${userApiPath(toUserId)}/my-qualification`;
}

export type { QualificationPage };
