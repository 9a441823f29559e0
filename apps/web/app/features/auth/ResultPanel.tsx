import { Stack, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';

const ICONS = {
  success: { icon: IconCircleCheck, color: 'eco' },
  mail: { icon: IconMailForward, color: 'eco' },
  error: { icon: IconAlertTriangle, color: 'red' },
} as const;

type ResultPanelProps = {
  kind: keyof typeof ICONS;
  title: string;
  children: ReactNode;
  /** Buttons and links of what to do next. */
  actions?: ReactNode;
  /** Moves the focus to the title, for results that replace a form the user just sent. */
  focusOnMount?: boolean;
};

/** The clear outcome of an account step (account created, activated, link expired…). */
export function ResultPanel({ kind, title, children, actions, focusOnMount = false }: ResultPanelProps) {
  const { icon: Icon, color } = ICONS[kind];
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);

  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
        <Icon size={36} />
      </ThemeIcon>
      <Title order={1} size="h2" ref={titleRef} tabIndex={-1}>
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
      {actions && (
        <Stack gap="sm" w="100%">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
