import { Badge, Button } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath, filterChips } from '../publications/publications-query';
import classes from './FilterButton.module.css';

// The dialog (Select, MultiSelect, Modal) is fetched the first time it opens: the explore page stays light.
const FilterDialog = lazy(() => import('./FilterDialog'));

/** 'Filtros': opens 'Más criterios de búsqueda' with the current criteria; applying them shows their first page. */
export function FilterButton({ query }: { query: ExploreQuery }) {
  const navigate = useNavigate();
  // Each opening starts from the criteria in the URL; the dialog stays mounted while it closes.
  const [dialog, setDialog] = useState({ opened: false, openings: 0 });
  const active = filterChips(query).filter((chip) => chip.key !== 'term').length;

  const close = () => setDialog((current) => ({ ...current, opened: false }));

  return (
    <>
      <Button
        variant="light"
        size="md"
        px="sm"
        className={classes.button}
        leftSection={<IconAdjustmentsHorizontal size={20} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {active}
            </Badge>
          ) : undefined
        }
        aria-haspopup="dialog"
        onClick={() => setDialog((current) => ({ opened: true, openings: current.openings + 1 }))}
      >
        <span className={classes.label}>Filtros</span>
      </Button>
      {dialog.openings > 0 && (
        <Suspense fallback={null}>
          <FilterDialog
            key={dialog.openings}
            opened={dialog.opened}
            onClose={close}
            query={query}
            onApply={(criteria) => {
              close();
              void navigate(explorePath(criteria));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
