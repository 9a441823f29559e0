import type { PasswordInputProps } from '@mantine/core';
import { PasswordInput } from '@mantine/core';

/** Password input with a keyboard-reachable show/hide toggle labelled in Spanish. */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar contraseña' }}
      {...props}
    />
  );
}
