import { TextInput } from '@mantine/core';
import type { FieldMetadata } from '@conform-to/react';
import { textFieldProps } from '../../lib/forms/use-action-form';

/** The e-mail field of the account forms: the phone's e-mail keyboard and the browser's address autofill. */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  return (
    <TextInput
      label="Correo electrónico"
      type="email"
      autoComplete="email"
      inputMode="email"
      withAsterisk
      {...textFieldProps(field)}
    />
  );
}
