import type { QuestionReference } from '@eco/domain';
import { Anchor, List, ListItem, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Links of an FAQ answer: app routes through the router, anything else in a new tab. */
export function QuestionReferences({ references }: { references: readonly QuestionReference[] }) {
  if (references.length === 0) return null;
  return (
    <List spacing={4} size="sm" mt="sm">
      {references.map((reference) => (
        <ListItem key={reference.to}>
          {reference.to.startsWith('/') ? (
            <Anchor component={Link} to={reference.to} fw={600}>
              {reference.title}
            </Anchor>
          ) : (
            <Anchor href={reference.to} target="_blank" rel="noopener noreferrer" fw={600}>
              {reference.title}
            </Anchor>
          )}
          <Text span size="sm" c="dimmed">
            {' '}
            — {reference.description}
          </Text>
        </ListItem>
      ))}
    </List>
  );
}
