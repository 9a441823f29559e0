import { Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CategoryLabel } from '../publications/CategoryLabel';
import { PublicationImage } from '../publications/PublicationImage';
import { publicationPath, readingPath } from '../publications/publications';
import { AuthorRating } from '../ratings/AuthorRating';
import classes from './Bot.module.css';
import type { ChatCard } from './conversation';

/**
 * A publication inside an answer: cover, category, title, place, for events and courses the date, and the author's
 * rating.
 */
export function AssistantCard({ card }: { card: ChatCard }) {
  const path =
    card.typed === 'tips' ? readingPath({ _id: card.id, typed: card.typed }) : publicationPath(card.id);
  return (
    <Link to={path} className={classes.card}>
      <PublicationImage
        src={card.cover}
        alt=""
        width={96}
        height={72}
        loading="lazy"
        className={classes.cardImage}
      />
      <div className={classes.cardBody}>
        <CategoryLabel typed={card.typed} />
        <Text fw={700} size="sm" lineClamp={2} className={classes.cardTitle}>
          {card.title}
        </Text>
        {card.place !== '' && (
          <Text size="xs" c="dimmed" className={classes.cardFact}>
            <IconMapPin size={14} aria-hidden /> {card.place}
          </Text>
        )}
        {card.date !== null && (
          <Text size="xs" c="dimmed" className={classes.cardFact}>
            <IconCalendarEvent size={14} aria-hidden /> {card.date}
          </Text>
        )}
        {card.typed !== 'tips' && <AuthorRating rating={card.rating} />}
      </div>
    </Link>
  );
}
