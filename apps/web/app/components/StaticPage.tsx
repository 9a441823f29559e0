import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** Readable column for the text pages (about, terms, privacy…). */
export function StaticPage({ children }: { children: ReactNode }) {
  return (
    <Container size="md" px={0} py={{ base: 'xs', xs: 'md' }}>
      {children}
    </Container>
  );
}
