import { Text, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import classes from './StarRatingInput.module.css';
import { starsText } from './rating-texts';

type StarRatingInputProps = {
  legend: string;
  /** 0 while no star is chosen. */
  value: number;
  onChange: (value: number) => void;
  error?: string | null;
  required?: boolean;
};

/**
 * Five stars that are a real radio group: each star is a labelled radio ('3 estrellas'), so arrow keys choose,
 * screen readers announce the choice, and a pointer can hover to preview.
 */
export function StarRatingInput({ legend, value, onChange, error, required = false }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;

  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={classes.legend}>
        {legend}
        {required && (
          <Text span c="red.8" aria-hidden>
            {' *'}
          </Text>
        )}
      </legend>
      <div
        className={classes.stars}
        role="radiogroup"
        aria-label={legend}
        onMouseLeave={() => setHovered(null)}
      >
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className={classes.star}
            data-filled={stars <= shown || undefined}
            onMouseEnter={() => setHovered(stars)}
          >
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={stars}
              checked={value === stars}
              required={required}
              onChange={() => onChange(stars)}
            />
            <IconStarFilled size={30} aria-hidden />
            <VisuallyHidden>{starsText(stars)}</VisuallyHidden>
          </label>
        ))}
      </div>
      {error && (
        <Text id={errorId} c="red.8" size="sm" mt={4}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
