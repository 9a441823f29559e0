import { Center, Pagination } from '@mantine/core';
import { Link } from 'react-router';
import type { ExploreQuery } from '../../lib/publications-query';
import { explorePath } from '../../lib/publications-query';

type ExplorePaginationProps = { query: ExploreQuery; totalPages: number };

/** Page links (?page=n): every page of a search has its own address. */
export function ExplorePagination({ query, totalPages }: ExplorePaginationProps) {
  if (totalPages <= 1) return null;
  const page = Math.min(query.page, totalPages);
  const link = (target: number) => ({ component: Link, to: explorePath({ ...query, page: target }) });

  return (
    <Center component="nav" aria-label="Paginación">
      <Pagination
        total={totalPages}
        value={page}
        siblings={1}
        boundaries={1}
        gap={4}
        getItemProps={(target) => ({
          ...link(target),
          'aria-label': `Página ${target}`,
          'aria-current': target === page ? 'page' : undefined,
        })}
        getControlProps={(control) => {
          if (control === 'previous') {
            return { ...(page > 1 ? link(page - 1) : {}), 'aria-label': 'Página anterior' };
          }
          if (control === 'next') {
            return { ...(page < totalPages ? link(page + 1) : {}), 'aria-label': 'Página siguiente' };
          }
          return {};
        }}
      />
    </Center>
  );
}
