import { Text, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useHydrated } from '../../lib/forms/use-hydrated';
import classes from './StarRatingInput.module.css';
import { starsText } from './rating-texts';

type StarRatingInputProps = {
  legend: string;
  /** The radios' name and id prefix (a form field's). */
  name: string;
  id: string;
  /** The stars chosen when the form shows, 0 for none. */
  defaultValue: number;
  /** Told of every choice (the form's "anything entered?" state). */
  onChange?: (value: number) => void;
  error?: string | undefined;
  required?: boolean;
};

/**
 * Five stars that are a real radio group: each star is a labelled radio ('3 estrellas'), so arrow keys choose,
 * screen readers announce the choice, a pointer can hover to preview, and the choice is posted with its form
 * (before the page's scripts run too; the stylesheet fills the stars meanwhile).
 */
export function StarRatingInput({
  legend,
  name,
  id,
  defaultValue,
  onChange,
  error,
  required = false,
}: StarRatingInputProps) {
  const errorId = `${id}-error`;
  const [value, setValue] = useState(defaultValue);
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  // Until then the stylesheet fills the stars from the checked radio (StarRatingInput.module.css).
  const hydrated = useHydrated();

  return (
    <fieldset
      id={id}
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
            data-filled={(hydrated && stars <= shown) || undefined}
            onMouseEnter={() => setHovered(stars)}
          >
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={stars}
              defaultChecked={defaultValue === stars}
              required={required}
              onChange={() => {
                setValue(stars);
                onChange?.(stars);
              }}
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
