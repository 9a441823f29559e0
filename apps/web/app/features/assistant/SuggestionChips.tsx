import { Button, Group } from '@mantine/core';
import classes from './Bot.module.css';

type SuggestionChipsProps = {
  label: string;
  questions: readonly string[];
  /** The conversation so far, for the post of the page without JavaScript. */
  history: string;
  onAsk: (text: string) => void;
  disabled: boolean;
};

/** Questions to ask with one tap. Each is a form of its own, so they work without JavaScript too. */
export function SuggestionChips({ label, questions, history, onAsk, disabled }: SuggestionChipsProps) {
  return (
    <Group gap={6} role="group" aria-label={label} className={classes.chips}>
      {questions.map((question) => (
        <form
          key={question}
          method="post"
          action="/bot"
          onSubmit={(event) => {
            event.preventDefault();
            onAsk(question);
          }}
        >
          <input type="hidden" name="history" value={history} />
          <Button
            type="submit"
            name="interaction"
            value={question}
            size="compact-sm"
            radius="xl"
            variant="outline"
            classNames={{ root: classes.chip, label: classes.chipLabel }}
            disabled={disabled}
          >
            {question}
          </Button>
        </form>
      ))}
    </Group>
  );
}
