import { SegmentedControl } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ExploreQuery, StatusFilter as StatusValue } from '../publications/publications-query';
import { explorePath, STATUS_FILTERS } from '../publications/publications-query';

const STATUS_LABELS: Record<StatusValue, string> = {
  all: 'Todos',
  published: 'Publicados',
  pending: 'No publicados',
};

/** Super users list every publication by default; this narrows the list to published or unpublished ones. */
export function StatusFilter({ query }: { query: ExploreQuery }) {
  const navigate = useNavigate();
  return (
    <SegmentedControl
      role="radiogroup"
      aria-label="Estado de publicación"
      value={query.status ?? 'all'}
      onChange={(value) =>
        void navigate(explorePath({ ...query, status: value as StatusValue, page: 1 }), {
          preventScrollReset: true,
        })
      }
      data={STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
    />
  );
}
