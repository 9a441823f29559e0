import { HUMAN_CHECK_REQUIRED, type AssistantReply } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { ApiError, errorMessage, readApiResponse } from '../../lib/api-client';
import type { PublicationJson } from '../publications/publications';
import { serverContext } from '../../server-context';
import type { ChatEntry } from './conversation';
import { appendEntries, botEntry, errorEntry, parseConversation } from './conversation';

export type FormPostAnswer = {
  conversation: ChatEntry[];
  /** A guest without JavaScript cannot solve the captcha: the page asks them to sign in, keeping what they wrote. */
  signInNeeded?: { draft: string };
};

/**
 * The form post of the /bot page without JavaScript: asks POST /api/io as the visitor (their session gives the
 * default place) and returns the conversation so far with the new exchange; API errors become a notice in it.
 */
export async function answerFormPost(
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<FormPostAnswer> {
  const interaction = String(form.get('interaction') ?? '');
  const history = parseConversation(String(form.get('history') ?? ''));
  const { api } = context.get(serverContext);
  let answer: ChatEntry;
  try {
    const response = await api('/api/io', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ interaction }),
    });
    const { reply } = await readApiResponse<{ reply: AssistantReply<PublicationJson> }>(response);
    answer = botEntry(reply);
  } catch (error) {
    if (error instanceof ApiError && error.code === HUMAN_CHECK_REQUIRED) {
      return { conversation: history, signInNeeded: { draft: interaction } };
    }
    answer = errorEntry(errorMessage(error));
  }
  const asked = interaction.trim();
  return {
    conversation:
      asked === ''
        ? appendEntries(history, answer)
        : appendEntries(history, { from: 'user', message: asked }, answer),
  };
}
