import type { RouterContextProvider } from 'react-router';
import { serverContext } from '../../server-context';
import type { Account, AccountResult } from './account';
import { userDataErrorMessage } from './account';
import { ApiError, readApiResponse } from '../../lib/api-client';

/** Loads GET /api/me as the visitor, for the panel and the settings page. */
export async function loadAccount(context: Readonly<RouterContextProvider>): Promise<AccountResult> {
  const { api } = context.get(serverContext);
  try {
    return { ok: true, account: await readApiResponse<Account>(await api('/api/me')) };
  } catch (error) {
    return { ok: false, message: userDataErrorMessage(error instanceof ApiError ? error.statusCode : 500) };
  }
}
