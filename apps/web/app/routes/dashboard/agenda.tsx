import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCompass } from '@tabler/icons-react';
import { Link, redirect } from 'react-router';
import { LinkedPagination } from '../../components/LinkedPagination';
import { AGENDA_PAGE_SIZE, agendaPagePath } from '../../features/interests/interest-form';
import { PublicationCard } from '../../features/publications/PublicationCard';
import type { PublicationJson } from '../../features/publications/publications';
import { parsePage } from '../../features/publications/publications-query';
import { UnpublishedInterest } from '../../features/interests/UnpublishedInterest';
import { readApiResponse } from '../../lib/api-client';
import { requireSession } from '../../lib/auth.server';
import { formatNumber } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { serverContext } from '../../server-context';
import type { Route } from './+types/agenda';

type AgendaEntry = { _id: string; interestedAt: string; publication: PublicationJson | null };
type AgendaPage = { publications: AgendaEntry[]; total: number; totalPages: number; nextPage: number | null };

export const meta: Route.MetaFunction = () => pageMeta('Mi agenda');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  const page = parsePage(url.searchParams.get('page'));
  const past = url.searchParams.get('past') === '1';
  const { api } = context.get(serverContext);
  try {
    const list = await readApiResponse<AgendaPage>(
      await api(`/api/interests?page=${page}&pageSize=${AGENDA_PAGE_SIZE}${past ? '&past=1' : ''}`),
    );
    if (list.publications.length === 0 && list.totalPages > 0 && page > list.totalPages) {
      return redirect(agendaPagePath(list.totalPages, past));
    }
    return { page, past, list, asOf: new Date().toISOString() };
  } catch {
    return { page, past, list: null, asOf: new Date().toISOString() };
  }
}

/** The events and courses the member marked "Me interesa": upcoming soonest first, past ones behind "Pasados". */
export default function AgendaPage({ loaderData }: Route.ComponentProps) {
  const { page, past, list, asOf } = loaderData;
  const tab = (label: string, target: boolean) => (
    <Button
      component={Link}
      to={agendaPagePath(1, target)}
      size="compact-sm"
      radius="xl"
      variant={past === target ? 'filled' : 'default'}
      aria-current={past === target ? 'true' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Mi agenda</Title>
        <Text c="dark.6">
          Los eventos y cursos que marcaste con «Me interesa». Te recordamos cada uno 24 horas antes.
        </Text>
      </Stack>
      <Group gap="xs" role="group" aria-label="Próximos o pasados">
        {tab('Próximos', false)}
        {tab('Pasados', true)}
      </Group>

      {!list && (
        <Alert color="red" variant="light" role="alert">
          No pudimos cargar tu agenda. Intenta de nuevo en un momento.
        </Alert>
      )}

      {list && list.total > 0 && (
        <Text c="dark.6">
          {list.total === 1
            ? past
              ? '1 evento pasado'
              : '1 evento próximo'
            : `${formatNumber(list.total)} ${past ? 'eventos pasados' : 'eventos próximos'}`}
        </Text>
      )}

      {list && list.publications.length === 0 && (
        <Stack align="center" ta="center" gap="md" py="xl">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconCalendarEvent size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {past ? 'No tienes eventos pasados' : 'Todavía no tienes eventos próximos'}
          </Title>
          <Text c="dimmed" maw={420}>
            Toca «Me interesa» en un evento o curso y lo encontrarás aquí.
          </Text>
          <Button
            component={Link}
            to="/publications?what=events"
            leftSection={<IconCompass size={18} aria-hidden />}
          >
            Ver eventos
          </Button>
        </Stack>
      )}

      {list && list.publications.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', xs: 'md' }}>
            {list.publications.map((entry, index) =>
              entry.publication ? (
                <PublicationCard
                  key={entry._id}
                  publication={entry.publication}
                  eager={index < 3}
                  interested
                  asOf={asOf}
                />
              ) : (
                <UnpublishedInterest key={entry._id} entry={entry} />
              ),
            )}
          </SimpleGrid>
          <LinkedPagination
            page={page}
            totalPages={list.totalPages}
            pathFor={(target) => agendaPagePath(target, past)}
          />
        </>
      )}
    </Stack>
  );
}
