import { categories } from '@eco/domain/catalog/categories';
import { APP_SLOGAN, APP_TITLE } from '@eco/domain/constants';
import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CategoryCard } from '../components/home/CategoryCard';
import { APP_DESCRIPTION } from '../config';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: APP_TITLE },
  { name: 'description', content: APP_DESCRIPTION },
];

export default function Home() {
  return (
    <Container size="lg" px={0}>
      <Stack gap={4} mb="lg" mt={{ base: 'xs', xs: 'md' }}>
        <Title order={1} size="h2">
          {APP_SLOGAN}
        </Title>
        <Text c="dimmed" maw={680}>
          Encuentra puntos de reciclaje, eventos, productos sustentables, materiales para reutilizar, consejos
          y cursos cerca tuyo. Elige por dónde empezar:
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', xs: 'md' }}>
        {categories.map((category) => (
          <CategoryCard key={category.key} category={category} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
