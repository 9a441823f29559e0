import { Button, Center, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import type { PublicationJson, PublicationListPage } from '../publications/publications';
import { fetchPublicationPage } from '../publications/publications-requests';
import type { ExploreQuery } from '../publications/publications-query';
import { apiListSearch } from '../publications/publications-query';
import { TipCard } from './TipCard';

type TipListProps = {
  /** The page the loader read; 'Cargar más' appends the following ones. */
  page: PublicationListPage;
  query: ExploreQuery;
  isSuperUser: boolean;
};

type Loaded = { publications: PublicationJson[]; nextPage: number | null };

/**
 * The tips list: instead of pages, 'Cargar más' appends the next page under the cards already shown. Render it
 * with a key per search, so that a new search starts from its first page again.
 */
export function TipList({ page, query, isSuperUser }: TipListProps) {
  const [more, setMore] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  // The loader's page stays live (it is reloaded after a change); later pages are appended without repeats.
  const shownIds = new Set(page.publications.map((tip) => tip._id));
  const tips = [...page.publications, ...(more?.publications ?? []).filter((tip) => !shownIds.has(tip._id))];
  const nextPage = more ? more.nextPage : page.nextPage;

  async function loadMore() {
    if (nextPage === null) return;
    setLoading(true);
    try {
      const next = await fetchPublicationPage(apiListSearch({ ...query, page: nextPage }, { isSuperUser }));
      setMore((loaded) => ({
        publications: [...(loaded?.publications ?? []), ...next.publications],
        nextPage: next.nextPage,
      }));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', xs: 'md' }}>
        {tips.map((tip, index) => (
          <TipCard key={tip._id} tip={tip} eager={index < 3} />
        ))}
      </SimpleGrid>
      <VisuallyHidden role="status">{more ? `Se muestran ${tips.length} consejos` : ''}</VisuallyHidden>
      {nextPage !== null && (
        <Center>
          <Button
            variant="light"
            size="md"
            loading={loading}
            onClick={loadMore}
            rightSection={<IconChevronDown size={18} aria-hidden />}
          >
            Cargar más
          </Button>
        </Center>
      )}
    </Stack>
  );
}
