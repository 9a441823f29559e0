import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconHelpCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AssistantCard } from './AssistantCard';
import classes from './Bot.module.css';
import type { ChatEntry } from './conversation';
import { SuggestionChips } from './SuggestionChips';

type ChatMessageProps = {
  entry: ChatEntry;
  /** Follow-up chips are offered under the last answer only. */
  last: boolean;
  history: string;
  onAsk: (text: string) => void;
  disabled: boolean;
};

/** One message of the timeline: the visitor's on the right, the assistant's on the left with its cards and links. */
export function ChatMessage({ entry, last, history, onAsk, disabled }: ChatMessageProps) {
  if (entry.from === 'user') {
    return (
      <li className={`${classes.row} ${classes.userRow}`}>
        <VisuallyHidden component="span">Tú: </VisuallyHidden>
        <Text className={`${classes.bubble} ${classes.userBubble}`}>{entry.message}</Text>
      </li>
    );
  }
  return (
    <li className={classes.row} data-error={entry.error || undefined}>
      <Stack gap="xs" className={`${classes.bubble} ${classes.botBubble}`}>
        <VisuallyHidden component="span">Asistente: </VisuallyHidden>
        <Text c={entry.error ? 'red.8' : undefined}>{entry.message}</Text>
        {entry.cards.length > 0 && (
          <ul className={classes.cards} aria-label="Anuncios encontrados">
            {entry.cards.map((card) => (
              <li key={card.id}>
                <AssistantCard card={card} />
              </li>
            ))}
          </ul>
        )}
        {entry.faq.length > 0 && (
          <Stack gap={4}>
            {entry.faq.map((faq) => (
              <Anchor
                key={faq.key}
                component={Link}
                to={`/questions#${faq.key}`}
                size="sm"
                className={classes.link}
              >
                <IconHelpCircle size={16} aria-hidden /> {faq.question}
              </Anchor>
            ))}
          </Stack>
        )}
        {(entry.links.length > 0 || entry.searchUrl !== null) && (
          <Group gap="xs">
            {entry.searchUrl !== null && (
              <Button
                component={Link}
                to={entry.searchUrl}
                size="xs"
                variant="light"
                rightSection={<IconArrowRight size={14} aria-hidden />}
              >
                Ver la búsqueda completa
              </Button>
            )}
            {entry.links.map((link) => (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                size="xs"
                variant="default"
                classNames={{ root: classes.linkButton, label: classes.chipLabel }}
              >
                {link.title}
              </Button>
            ))}
          </Group>
        )}
        {last && entry.suggestions.length > 0 && (
          <SuggestionChips
            label="Preguntas sugeridas"
            questions={entry.suggestions}
            history={history}
            onAsk={onAsk}
            disabled={disabled}
          />
        )}
      </Stack>
    </li>
  );
}
