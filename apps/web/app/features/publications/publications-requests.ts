import type { PublicationStatus } from '@eco/domain';
import { apiRequest } from '../../lib/api-client';
import type { PublicationJson, PublicationListPage } from './publications';

// Browser calls of the publication cards and pages; each throws ApiError (see errorMessage) on failure.

export function deletePublication(id: string): Promise<void> {
  return apiRequest<void>(`/api/publication/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Publishes (1) or unpublishes (0) a publication: super users only. */
export async function setPublicationStatus(id: string, status: PublicationStatus): Promise<PublicationJson> {
  const answer = await apiRequest<{ publication: PublicationJson }>(
    `/api/publication/${encodeURIComponent(id)}`,
    {
      method: 'PUT',
      body: { status },
    },
  );
  return answer.publication;
}

/** A page of GET /api/publications; `search` is the query built by apiListSearch. */
export function fetchPublicationPage(search: string): Promise<PublicationListPage> {
  return apiRequest<PublicationListPage>(`/api/publications?${search}`);
}
