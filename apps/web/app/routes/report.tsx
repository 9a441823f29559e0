import { REPORT_TARGET_TYPES, type ReportTargetType } from '@eco/domain';
import { Button, Container, Paper, Stack, Title } from '@mantine/core';
import { data, Link } from 'react-router';
import { loadPublication, loadPublicUser } from '../features/publications/publications.server';
import { reportedPath } from '../features/reports/report-path';
import { fileReport } from '../features/reports/report.server';
import { ReportForm } from '../features/reports/ReportForm';
import { getSession } from '../lib/auth.server';
import { brokenForm, readForm } from '../lib/forms/form-action.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/report';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.targetType === 'user' ? 'Denunciar perfil' : 'Denunciar anuncio'),
  { name: 'robots', content: 'noindex' },
];

function targetTypeOf(value: string): ReportTargetType {
  if (!(REPORT_TARGET_TYPES as readonly string[]).includes(value)) throw data(null, { status: 404 });
  return value as ReportTargetType;
}

/** What is reported, by its name (a publication's title, a member's name); 404 for anything else. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const targetType = targetTypeOf(params.targetType);
  const label =
    targetType === 'publication'
      ? (await loadPublication(context, params.targetId)).title
      : (await loadPublicUser(context, params.targetId)).user.name;
  return { targetType, targetId: params.targetId, label, asGuest: getSession(context) === null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const targetType = targetTypeOf(params.targetType);
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  return fileReport(context, targetType, params.targetId, formData);
}

/** The report form as a page: where 'Denunciar' leads before the page's scripts run (then it opens a dialog). */
export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { targetType, targetId, label, asGuest } = loaderData;
  return (
    <Container size={560} px={0}>
      <Paper withBorder p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {targetType === 'publication' ? 'Denunciar anuncio' : 'Denunciar perfil'}
          </Title>
          <ReportForm
            targetType={targetType}
            targetId={targetId}
            label={label}
            asGuest={asGuest}
            answer={actionData}
            cancel={
              <Button component={Link} to={reportedPath(targetType, targetId)} variant="default">
                Cancelar
              </Button>
            }
          />
        </Stack>
      </Paper>
    </Container>
  );
}
