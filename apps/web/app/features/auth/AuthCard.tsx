import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = {
  /** The page's heading; leave it out when the content brings its own (a ResultPanel). */
  title?: string;
  description?: ReactNode;
  children: ReactNode;
};

/** Narrow card that holds the account forms and their result screens, centred on wide screens. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Container size={460} px={0} py={{ base: 'xs', xs: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="lg">
          {title && (
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {description && <Text c="dimmed">{description}</Text>}
            </Stack>
          )}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
