import { SimpleGrid } from '@mantine/core';
import type { PublicationJson } from '../publications/publications';
import { PublicationCard } from '../publications/PublicationCard';
import { TipCard } from '../tips/TipCard';

/**
 * Cards 1, 2 or 3 per row; tips in a mixed list keep their own card. `asOf`: the minute an agenda list was computed
 * for (the API's), from which events and courses say "hoy 18:00", "mañana", "en 3 días".
 */
export function PublicationGrid({
  publications,
  savedIds = [],
  interestedIds = [],
  asOf,
}: {
  publications: PublicationJson[];
  /** The ones the signed-in member saved. */
  savedIds?: readonly string[];
  /** The events and courses the signed-in member marked "Me interesa". */
  interestedIds?: readonly string[];
  asOf?: string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', xs: 'md' }}>
      {publications.map((publication, index) =>
        publication.typed === 'tips' ? (
          <TipCard key={publication._id} tip={publication} eager={index < 3} />
        ) : (
          <PublicationCard
            key={publication._id}
            publication={publication}
            eager={index < 3}
            saved={savedIds.includes(publication._id)}
            interested={interestedIds.includes(publication._id)}
            asOf={asOf}
          />
        ),
      )}
    </SimpleGrid>
  );
}
