import { LIMITS } from '@eco/domain/constants';
import { Group, Text, Textarea } from '@mantine/core';
import type { TextareaProps } from '@mantine/core';

const MAX = LIMITS.publicationDescription.max;

/** The description with its character counter ('Máximo 1000 caracteres'). */
export function DescriptionField(props: TextareaProps) {
  const length = String(props.value ?? '').trim().length;
  return (
    <Textarea
      {...props}
      label="Descripción"
      autosize
      minRows={4}
      maxRows={14}
      withAsterisk
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <Group justify="space-between" gap="xs" component="span">
          <span>Máximo {MAX} caracteres</span>
          <Text span size="xs" c={length > MAX ? 'red.8' : 'dimmed'} fw={length > MAX ? 700 : undefined}>
            {length}/{MAX}
          </Text>
        </Group>
      }
    />
  );
}
