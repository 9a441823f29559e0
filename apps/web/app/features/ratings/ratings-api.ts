import type { Qualification, QualificationPage, RatingData } from '@eco/domain';
import { DEFAULT_PAGE_SIZE } from '@eco/domain/constants';
import { apiRequest } from '../../lib/api-client';

function userApiPath(userId: string): string {
  return `/api/user/${encodeURIComponent(userId)}`;
}

export function qualificationsApiPath(userId: string, page: number, pageSize = DEFAULT_PAGE_SIZE): string {
  return `${userApiPath(userId)}/qualifications?page=${page}&pageSize=${pageSize}`;
}

export function myQualificationApiPath(toUserId: string): string {
  return `${userApiPath(toUserId)}/my-qualification`;
}

/** Creates the caller's rating of a user (POST), or updates it when it has an _id (PUT); answers the rating. */
export async function saveQualification(toUserId: string, rating: RatingData): Promise<Qualification> {
  const { qualification } = await apiRequest<{ qualification: Qualification }>(
    rating._id ? `${userApiPath(toUserId)}/qualification` : `${userApiPath(toUserId)}/qualifications`,
    { method: rating._id ? 'PUT' : 'POST', body: rating },
  );
  return qualification;
}

export type { QualificationPage };
