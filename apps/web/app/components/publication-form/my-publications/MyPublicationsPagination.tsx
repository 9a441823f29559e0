import { Center, Pagination } from '@mantine/core';
import { Link } from 'react-router';
import type { MyPublicationsQuery } from '../../../lib/publication-form-my-publications';
import { myPublicationsPath } from '../../../lib/publication-form-my-publications';

type MyPublicationsPaginationProps = { query: MyPublicationsQuery; totalPages: number };

/** Page links (?page=n) of the user's list. */
export function MyPublicationsPagination({ query, totalPages }: MyPublicationsPaginationProps) {
  if (totalPages <= 1) return null;
  const page = Math.min(query.page, totalPages);
  const link = (target: number) => ({ component: Link, to: myPublicationsPath({ ...query, page: target }) });

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
