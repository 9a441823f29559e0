import { Button, Group, Pill } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath, filterChips, withoutFilters } from '../publications/publications-query';

/** The active criteria as removable chips: category, labels, country, province, city and text. */
export function FilterChips({ query }: { query: ExploreQuery }) {
  const navigate = useNavigate();
  const chips = filterChips(query);
  if (chips.length === 0) return null;

  return (
    <Group gap="xs" aria-label="Filtros activos" role="group">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="lg"
          withRemoveButton
          onRemove={() => void navigate(explorePath(chip.without))}
          // Mantine hides the remove button from keyboards and screen readers (made for inputs): here it is the
          // only way to remove the filter, so it is a real, named button.
          removeButtonProps={{
            'aria-label': `Quitar filtro ${chip.label}`,
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          {chip.label}
        </Pill>
      ))}
      {chips.length > 1 && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => void navigate(explorePath(withoutFilters(query)))}
        >
          Quitar todos
        </Button>
      )}
    </Group>
  );
}
