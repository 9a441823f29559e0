import { REPORT_REASON_LABELS, type ReportReason } from '@eco/domain';
import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { LinkedPagination } from '../../components/LinkedPagination';
import { apiRequest, errorMessage, readApiResponse } from '../../lib/api-client';
import { getSession } from '../../lib/auth.server';
import { formatDate } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { routeError } from '../publications/publications.server';
import { serverContext } from '../../server-context';
import type { Route } from './+types/moderation-route';
import {
  ACTION_LABELS,
  TAB_API,
  TAB_LABELS,
  TABS,
  type LogItem,
  type Paged,
  type ReportedItem,
  type SuspendedItem,
  type Tab,
  type WaitingItem,
} from './moderation-types';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';

export const meta: Route.MetaFunction = () => pageMeta('Moderación');

type Loaded =
  | { tab: 'review'; page: Paged<WaitingItem> }
  | { tab: 'reports'; page: Paged<ReportedItem> }
  | { tab: 'suspended'; page: Paged<SuspendedItem> }
  | { tab: 'log'; page: Paged<LogItem> };

/** Super users only: for anybody else the desk does not exist (404). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const session = getSession(context);
  if (!session?.user.isSuperUser) throw data(null, { status: 404 });
  const requested = url.searchParams.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'review';
  const pageNumber = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const { api } = context.get(serverContext);
  try {
    const page = await readApiResponse<Paged<never>>(
      await api(`${TAB_API[tab]}?page=${pageNumber}&pageSize=10`),
    );
    return { tab, pageNumber, page } as Loaded & { pageNumber: number };
  } catch (error) {
    return routeError(error);
  }
}

const deskPath = (tab: Tab, page = 1) => `/dashboard/moderation?tab=${tab}${page > 1 ? `&page=${page}` : ''}`;

type Pending = { request: ReasonRequest; run: (reason: string) => Promise<void> };

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const loaded = loaderData as Loaded & { pageNumber: number };
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const confirm = useConfirm();
  const [pending, setPending] = useState<Pending | null>(null);

  async function act(url: string, body: Record<string, unknown> = {}) {
    try {
      const { message } = await apiRequest<{ message: string }>(url, { method: 'POST', body });
      notifySuccess(message);
      await revalidate();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  /** Decisions that hide something ask for a reason, which is their confirmation. */
  function withReason(request: ReasonRequest, url: string) {
    setPending({ request, run: (reason) => act(url, { reason }) });
  }

  const publicationActions = (id: string, title: string, published: boolean) => (
    <Group gap="xs">
      {!published && (
        <Button
          size="xs"
          color="green"
          onClick={() => void act(`/api/moderation/publications/${id}/publish`)}
        >
          Publicar
        </Button>
      )}
      {published ? (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() =>
            withReason(
              { title: 'Retirar anuncio', message: `«${title}» dejará de verse.`, confirmLabel: 'Retirar' },
              `/api/moderation/publications/${id}/unpublish`,
            )
          }
        >
          Retirar
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() =>
            withReason(
              {
                title: 'Devolver a revisión',
                message: `Dile al autor qué cambiar en «${title}».`,
                confirmLabel: 'Devolver',
              },
              `/api/moderation/publications/${id}/review`,
            )
          }
        >
          Devolver a revisión
        </Button>
      )}
    </Group>
  );

  const suspendButton = (id: string, name: string) => (
    <Button
      size="xs"
      color="red"
      variant="outline"
      onClick={() =>
        withReason(
          {
            title: 'Suspender cuenta',
            message: `${name} no podrá ingresar, sus sesiones terminan ya y sus anuncios y su perfil dejan de verse.`,
            confirmLabel: 'Suspender',
          },
          `/api/moderation/users/${id}/suspend`,
        )
      }
    >
      Suspender a {name}
    </Button>
  );

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Title order={1} size="h2">
        Moderación
      </Title>
      <Tabs value={loaded.tab} onChange={(value) => value && void navigate(deskPath(value as Tab))}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {loaded.page.total === 0 && <Text c="dimmed">Nada pendiente por aquí.</Text>}

      {loaded.tab === 'review' &&
        loaded.page.items.map((item) => (
          <Card key={item.publication._id} withBorder component="article" aria-label={item.publication.title}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Anchor component={Link} to={`/publications/${item.publication._id}`} fw={600}>
                  {item.publication.title}
                </Anchor>
                <Group gap={4}>
                  <Badge
                    color={
                      item.captchaVerified === true
                        ? 'green'
                        : item.captchaVerified === false
                          ? 'red'
                          : 'gray'
                    }
                  >
                    {item.captchaVerified === true
                      ? 'Verificación superada'
                      : item.captchaVerified === false
                        ? 'Verificación fallida'
                        : 'Sin verificación'}
                  </Badge>
                  {item.openReports > 0 && <Badge color="red">{item.openReports} denuncias</Badge>}
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                Esperando desde {formatDate(item.waitingSince)} ·{' '}
                <Anchor component={Link} to={`/users/${item.author.id}`} inherit>
                  {item.author.name}
                </Anchor>{' '}
                (miembro desde {formatDate(item.author.memberSince)}; {item.author.published} publicados,{' '}
                {item.author.pending} en revisión, {item.author.upheldReports} denuncias confirmadas)
              </Text>
              {item.reviewNote && <Text size="sm">Nota: {item.reviewNote}</Text>}
              {publicationActions(item.publication._id, item.publication.title, false)}
            </Stack>
          </Card>
        ))}

      {loaded.tab === 'reports' &&
        loaded.page.items.map((item) => (
          <Card
            key={`${item.targetType}:${item.targetId}`}
            withBorder
            component="article"
            aria-label={item.label ?? 'Eliminado'}
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Group gap="xs">
                  <Badge variant="light">{item.targetType === 'publication' ? 'Anuncio' : 'Perfil'}</Badge>
                  {item.label === null ? (
                    <Text fw={600}>Ya no existe</Text>
                  ) : (
                    <Anchor
                      component={Link}
                      to={
                        item.targetType === 'publication'
                          ? `/publications/${item.targetId}`
                          : `/users/${item.targetId}`
                      }
                      fw={600}
                    >
                      {item.label}
                    </Anchor>
                  )}
                  {item.status === 0 && <Badge color="orange">Oculto</Badge>}
                  {item.suspended && <Badge color="red">Suspendido</Badge>}
                </Group>
                <Badge color="red">{item.openReports} denuncias</Badge>
              </Group>
              <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: 18 }}>
                {item.reports.map((report, index) => (
                  <Text key={index} component="li" size="sm">
                    {REPORT_REASON_LABELS[report.reason as ReportReason] ?? report.reason}
                    {report.comment ? `: «${report.comment}»` : ''} ·{' '}
                    {report.reporter === 'member' ? 'miembro' : 'visitante'}, {formatDate(report.createdAt)}
                  </Text>
                ))}
              </Stack>
              <Group gap="xs">
                {item.targetType === 'publication' &&
                  item.label !== null &&
                  publicationActions(item.targetId, item.label, item.status === 1)}
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void act('/api/moderation/reports/dismiss', {
                      targetType: item.targetType,
                      targetId: item.targetId,
                    })
                  }
                >
                  Descartar denuncias
                </Button>
                {item.owner &&
                  !item.suspended &&
                  item.isSuperUser !== true &&
                  suspendButton(item.owner.id, item.owner.name)}
              </Group>
            </Stack>
          </Card>
        ))}

      {loaded.tab === 'suspended' &&
        loaded.page.items.map((item) => (
          <Card key={item.id} withBorder component="article" aria-label={item.name}>
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fw={600}>{item.name}</Text>
                <Text size="sm" c="dimmed">
                  {item.email} · suspendido el {formatDate(item.suspendedAt)}
                </Text>
              </Stack>
              <Button
                size="xs"
                color="green"
                onClick={() =>
                  void confirm({ title: 'Reactivar cuenta', message: `¿Reactivar a ${item.name}?` }).then(
                    (yes) => {
                      if (yes) return act(`/api/moderation/users/${item.id}/reinstate`);
                    },
                  )
                }
              >
                Reactivar
              </Button>
            </Group>
          </Card>
        ))}

      {loaded.tab === 'log' && loaded.page.items.length > 0 && (
        <Stack
          gap={4}
          component="ol"
          style={{ margin: 0, paddingInlineStart: 18 }}
          aria-label="Registro de moderación"
        >
          {loaded.page.items.map((item) => (
            <Text key={item.id} component="li" size="sm">
              {formatDate(item.createdAt)} · <strong>{item.actor?.name ?? 'El sitio'}</strong>{' '}
              {(ACTION_LABELS[item.action] ?? item.action).toLowerCase()} «{item.targetLabel}»
              {item.reason ? ` — ${item.reason}` : ''}
            </Text>
          ))}
        </Stack>
      )}

      <LinkedPagination
        page={loaded.pageNumber}
        totalPages={loaded.page.totalPages}
        pathFor={(page) => deskPath(loaded.tab, page)}
      />

      <ReasonDialog
        request={pending?.request ?? null}
        onClose={() => setPending(null)}
        onConfirm={async (reason) => {
          await pending?.run(reason);
          setPending(null);
        }}
      />
    </Stack>
  );
}
