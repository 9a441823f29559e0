import { pageMeta } from '../../lib/meta';
import { answerFormPost } from './assistant.server';
import { BotPage } from './BotPage';
import type { Route } from './+types/bot-route';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Asistente Virtual',
    'Pregúntale al asistente de EcoAnuncios dónde reciclar, qué eventos y cursos hay cerca y cómo funciona el sitio.',
  );

// Without JavaScript the page is a plain form post answered here; with it, the page asks the API itself.
export async function action({ request, context }: Route.ActionArgs) {
  return answerFormPost(context, await request.formData());
}

export default function BotRoute({ actionData }: Route.ComponentProps) {
  return (
    <BotPage posted={actionData?.conversation ?? null} signInNeeded={actionData?.signInNeeded ?? null} />
  );
}
