import { data } from 'react-router';
import { pageMeta } from '../../lib/meta';
import { answerFormPost, type FormPostAnswer } from './assistant.server';
import { BotPage } from './BotPage';
import { errorEntry } from './conversation';

const BROKEN_FORM_MESSAGE = 'Tu mensaje llegó incompleto. Escríbelo de nuevo, por favor.';
import type { Route } from './+types/bot-route';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Asistente Virtual',
    'Pregúntale al asistente de EcoAnuncios dónde reciclar, qué eventos y cursos hay cerca y cómo funciona el sitio.',
  );

// Without JavaScript the page is a plain form post answered here; with it, the page asks the API itself.
export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form this page sent (a broken or foreign body): the page answers with a notice, never a server error.
    const answer: FormPostAnswer = { conversation: [errorEntry(BROKEN_FORM_MESSAGE)] };
    return data(answer, { status: 400 });
  }
  return answerFormPost(context, form);
}

export default function BotRoute({ actionData }: Route.ComponentProps) {
  return (
    <BotPage posted={actionData?.conversation ?? null} signInNeeded={actionData?.signInNeeded ?? null} />
  );
}
