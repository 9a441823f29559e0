import { HUMAN_CHECK_REQUIRED, type AssistantReply, type BotMessageInput } from '@eco/domain';
import { ApiError, apiRequest } from '../../lib/api-client';
import type { CaptchaHandle } from '../captcha/CaptchaField';
import type { PublicationJson } from '../publications/publications';
import { currentHumanGrant, saveHumanGrant } from './human-grant-store';

type Answer = { reply: AssistantReply<PublicationJson>; humanToken?: string };

function post(body: BotMessageInput): Promise<Answer> {
  return apiRequest<Answer>('/api/io', { method: 'POST', body });
}

/** A captcha solution for one message; the widget is reset so the next one is fresh (each serves once). */
async function solved(captcha: CaptchaHandle | null): Promise<string | undefined> {
  if (captcha === null) return undefined;
  try {
    return await captcha.token();
  } finally {
    captcha.reset();
  }
}

/**
 * POST /api/io. A guest proves to be a person once: the first message carries the captcha's solution and the API
 * answers with a grant that the next messages send instead; when the grant or the solution does not serve (expired,
 * or the invisible widget's work failed on a struggling phone), the captcha is solved again and the message is sent
 * once more: the guest cannot act on a verification they never see. Members send the message alone.
 */
export async function askAssistant(
  interaction: string,
  guest: { captcha: CaptchaHandle | null } | null,
): Promise<AssistantReply<PublicationJson>> {
  if (guest === null) return (await post({ interaction })).reply;
  const grant = currentHumanGrant();
  let answer: Answer;
  try {
    answer = await post(
      grant === null
        ? { interaction, captcha: await solved(guest.captcha) }
        : { interaction, humanToken: grant },
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== HUMAN_CHECK_REQUIRED) throw error;
    saveHumanGrant(null);
    answer = await post({ interaction, captcha: await solved(guest.captcha) });
  }
  if (answer.humanToken !== undefined) saveHumanGrant(answer.humanToken);
  return answer.reply;
}
