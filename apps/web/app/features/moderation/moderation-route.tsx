import { REPORT_REASON_LABELS, type ReportReason } from '@eco/domain';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { data, Link, useSearchParams } from 'react-router';
import { LinkedPagination } from '../../components/LinkedPagination';
import { LinkTabs } from '../../components/LinkTabs';
import { readApiResponse } from '../../lib/api-client';
import { getSession } from '../../lib/auth.server';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { formatDate } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
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
import { decide } from './decide.server';
import { REASON_PARAM, reasonRequest, TARGET_PARAM, type Decision } from './decisions';
import { DecisionForm } from './DecisionForm';
import { ReasonDialog, type PendingDecision } from './ReasonDialog';
import { ReasonForm } from './ReasonForm';

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

export async function action({ context, request, url }: Route.ActionArgs) {
  // Anybody else gets the same 404 as the page; the API checks the role again on every decision.
  if (!getSession(context)?.user.isSuperUser) throw data(null, { status: 404 });
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  return decide(context, url, formData);
}

export default function ModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  const loaded = loaderData as Loaded & { pageNumber: number };
  const [searchParams] = useSearchParams();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const asked = { decision: searchParams.get(REASON_PARAM), targetId: searchParams.get(TARGET_PARAM) };
  const answer = actionData && 'result' in actionData ? actionData : undefined;

  /** Where a reason button leads before scripts run: this tab and page with the reason form open in the card. */
  const reasonPath = (decision: Decision, targetId: string) => {
    const params = new URLSearchParams(searchParams);
    params.set(REASON_PARAM, decision);
    params.set(TARGET_PARAM, targetId);
    return `?${params.toString()}`;
  };
  const closedPath = () => {
    const params = new URLSearchParams(searchParams);
    params.delete(REASON_PARAM);
    params.delete(TARGET_PARAM);
    return `?${params.toString()}`;
  };

  /** A decision that hides something: its button opens the reason form (in a dialog, or in its card). */
  const reasonButton = (
    decision: Decision,
    targetId: string,
    label: string,
    text: string,
    props: ButtonProps,
  ) => {
    const inCard = asked.decision === decision && asked.targetId === targetId;
    if (inCard) {
      return (
        <Card withBorder w="100%" bg="gray.0">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {reasonRequest(decision, label).title}
            </Title>
            <ReasonForm
              decision={decision}
              targetId={targetId}
              request={reasonRequest(decision, label)}
              answer={answer}
              cancel={
                <Button component={Link} to={closedPath()} replace preventScrollReset variant="default">
                  Mejor no
                </Button>
              }
            />
          </Stack>
        </Card>
      );
    }
    return (
      <Button
        component={Link}
        to={reasonPath(decision, targetId)}
        preventScrollReset
        size="xs"
        {...props}
        onClick={(event) => {
          event.preventDefault();
          setPending({ decision, targetId, label });
        }}
      >
        {text}
      </Button>
    );
  };

  const publicationActions = (id: string, title: string, published: boolean) => (
    <Group gap="xs">
      {!published && (
        <DecisionForm decision="publish" targetId={id} color="eco">
          Publicar
        </DecisionForm>
      )}
      {published
        ? reasonButton('unpublish', id, title, 'Retirar', { color: 'red', variant: 'light' })
        : reasonButton('review', id, title, 'Devolver a revisión', { color: 'orange', variant: 'light' })}
    </Group>
  );

  const suspendButton = (id: string, name: string) =>
    reasonButton('suspend', id, name, `Suspender a ${name}`, { color: 'red.9', variant: 'outline' });

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Title order={1} size="h2">
        Moderación
      </Title>
      {actionData && !('result' in actionData) && <ActionNotice notice={actionData.notice} />}
      <LinkTabs
        value={loaded.tab}
        tabs={TABS.map((tab) => ({ value: tab, label: TAB_LABELS[tab], to: deskPath(tab) }))}
      />

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
                    variant="light"
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
                  {item.openReports > 0 && (
                    <Badge variant="light" color="red">
                      {item.openReports} denuncias
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                Esperando desde {formatDate(item.waitingSince)} ·{' '}
                <Anchor component={Link} to={`/users/${item.author.id}`} inherit underline="always">
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
                  {item.status === 0 && (
                    <Badge variant="light" color="orange">
                      Oculto
                    </Badge>
                  )}
                  {item.suspended && (
                    <Badge variant="light" color="red">
                      Suspendido
                    </Badge>
                  )}
                </Group>
                <Badge variant="light" color="red">
                  {item.openReports} denuncias
                </Badge>
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
                <DecisionForm
                  decision="dismiss"
                  targetId={item.targetId}
                  fields={{ targetType: item.targetType }}
                  variant="default"
                >
                  Descartar denuncias
                </DecisionForm>
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
              <DecisionForm
                decision="reinstate"
                targetId={item.id}
                color="eco"
                confirmation={{ title: 'Reactivar cuenta', message: `¿Reactivar a ${item.name}?` }}
              >
                Reactivar
              </DecisionForm>
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

      <ReasonDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
