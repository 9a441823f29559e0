import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { PublicationImage as Image } from './publications';
import { IMAGE_SIZE } from './publications';
import classes from './PhotoGallery.module.css';
import { PublicationImage } from './PublicationImage';

type PhotoGalleryProps = { images: Image[]; title: string };

/**
 * The photos of a publication: the full image of the chosen photo, previous/next buttons and a row of thumbnails.
 * Plain buttons and images: no carousel library on the page.
 */
export function PhotoGallery({ images, title }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, Math.max(count - 1, 0))];
  const show = (next: number) => setIndex((next + count) % count);

  return (
    <section aria-label="Fotos" aria-roledescription="galería">
      <div className={classes.stage}>
        <PublicationImage
          src={current?.url}
          alt={count > 1 ? `${title}: foto ${index + 1} de ${count}` : title}
          width={IMAGE_SIZE.width}
          height={IMAGE_SIZE.height}
          fetchPriority="high"
          className={classes.main}
        />
        {count > 1 && (
          <>
            <ActionIcon
              className={`${classes.nav} ${classes.previous}`}
              variant="white"
              radius="xl"
              size="lg"
              aria-label="Foto anterior"
              onClick={() => show(index - 1)}
            >
              <IconChevronLeft size={22} aria-hidden />
            </ActionIcon>
            <ActionIcon
              className={`${classes.nav} ${classes.next}`}
              variant="white"
              radius="xl"
              size="lg"
              aria-label="Foto siguiente"
              onClick={() => show(index + 1)}
            >
              <IconChevronRight size={22} aria-hidden />
            </ActionIcon>
            <span className={classes.counter} aria-live="polite">
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className={classes.thumbnails}>
          {images.map((image, position) => (
            <li key={image.url}>
              <button
                type="button"
                className={classes.thumbnail}
                aria-label={`Ver foto ${position + 1} de ${count}`}
                aria-current={position === index}
                onClick={() => setIndex(position)}
              >
                <PublicationImage
                  src={image.thumbnailUrl || image.url}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
