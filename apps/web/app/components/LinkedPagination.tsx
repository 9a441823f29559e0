import { Center, Pagination } from '@mantine/core';
import { Link } from 'react-router';

type LinkedPaginationProps = {
  page: number;
  totalPages: number;
  /** The address of a page of the list (?page=n), so every page can be shared and reloaded. */
  pathFor: (page: number) => string;
};

/** Page links rather than buttons: pages load without a full reload yet keep their own address. */
export function LinkedPagination({ page: requested, totalPages, pathFor }: LinkedPaginationProps) {
  if (totalPages <= 1) return null;
  const page = Math.min(requested, totalPages);
  const link = (target: number) => ({ component: Link, to: pathFor(target) });

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
