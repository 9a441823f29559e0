import { apiRequest } from '../../lib/api-client';

type MessageAnswer = { message: string };

/** Asks for a new activation e-mail; the answer never tells whether the account exists. */
export async function requestActivationEmail(email: string, captcha?: string): Promise<string> {
  const { message } = await apiRequest<MessageAnswer>('/api/signup/resend', {
    method: 'POST',
    body: { email, captcha },
  });
  return message;
}
