import { toggleInterest } from '../features/interests/interest.server';
import { readForm } from '../lib/forms/form-action.server';
import type { Route } from './+types/interest';

// A resource route: the "Me interesa" toggle of event and course cards and pages posts here (features/interests/).
export function loader() {
  return Response.json(
    {
      statusCode: 405,
      error: 'Method Not Allowed',
      message: 'Esta dirección recibe el botón «Me interesa»: tócalo en la página del evento.',
    },
    { status: 405, headers: { allow: 'POST' } },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  return toggleInterest(context, await readForm(request));
}
