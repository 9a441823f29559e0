import { stemText } from '@eco/domain';
import type { PublicationsTable } from '../../db/schema.ts';

// The search tokens stored beside a publication's texts (migration 0011): both dialects' full-text indexes read
// them, so every writer of a title, a description or labels writes them too.

export type SearchStems = Pick<PublicationsTable, 'title_stems' | 'labels_stems' | 'description_stems'>;

/** The stored search tokens of the three texts (`labels` as stored: the JSON array; none when left out). */
export function searchStemsOf(texts: {
  title: string;
  description: string;
  labels?: string | undefined;
}): SearchStems {
  return {
    title_stems: stemText(texts.title),
    labels_stems: stemText(texts.labels ?? ''),
    description_stems: stemText(texts.description),
  };
}
