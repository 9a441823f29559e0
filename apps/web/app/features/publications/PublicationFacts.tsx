import { Anchor, Badge, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateRange, formatNumber } from '../../lib/format';
import { priceView } from './price';
import { PriceTag } from './PriceTag';
import type { PublicationJson } from './publications';
import { mapUrl, placeNames } from './publications';
import classes from './PublicationFacts.module.css';

/** Every detail of a publication that is set: price, discount, date, quantity, place, map, materials. */
export function PublicationFacts({ publication }: { publication: PublicationJson }) {
  const map = mapUrl(publication);
  const place = placeNames(publication);
  const facts: [string, ReactNode][] = [];
  const price = priceView(publication);
  if (price) facts.push(['Precio', <PriceTag key="price" price={price} />]);
  if (publication.discountRate) facts.push(['Descuento', `${formatNumber(publication.discountRate)}%`]);
  if (publication.calendaredAt) {
    facts.push([
      'Fecha',
      formatDateRange(publication.calendaredAt, publication.calendaredUntil, publication.locationCountry),
    ]);
  }
  if (publication.quantity !== null) facts.push(['Cantidad', formatNumber(publication.quantity)]);
  if (publication.locationAddress) facts.push(['Dirección', publication.locationAddress]);
  if (place.length > 0) facts.push(['Ubicación', place.join(', ')]);
  if (map) {
    facts.push([
      'Mapa',
      <Anchor key="map" href={map} target="_blank" rel="noopener noreferrer">
        <Group component="span" gap={4} wrap="nowrap">
          Ver en el mapa
          <IconExternalLink size={16} aria-label="(se abre en otra pestaña)" />
        </Group>
      </Anchor>,
    ]);
  }
  if (publication.labels.length > 0) {
    facts.push([
      'Materiales',
      <Group key="labels" gap={6}>
        {publication.labels.map((label) => (
          <Badge key={label} variant="light" color="eco" tt="none">
            {label}
          </Badge>
        ))}
      </Group>,
    ]);
  }
  facts.push(['Publicado', formatDate(publication.createdAt, publication.locationCountry)]);

  return (
    <dl className={classes.facts}>
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
