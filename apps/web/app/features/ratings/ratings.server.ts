import type { Qualification, QualificationPage } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { readApiResponse } from '../../lib/api-client';
import { serverContext } from '../../server-context';
import { myQualificationApiPath, qualificationsApiPath } from './ratings-api';

type Context = Readonly<RouterContextProvider>;

/** A page of the ratings a user received; null when it cannot be read (the profile still shows the rest). */
export async function loadQualificationPage(
  context: Context,
  userId: string,
  page: number,
): Promise<QualificationPage | null> {
  const { api } = context.get(serverContext);
  try {
    return await readApiResponse<QualificationPage>(await api(qualificationsApiPath(userId, page)));
  } catch {
    return null;
  }
}

/** The visitor's own rating of a user: null when they have not rated them (404) or it cannot be read. */
export async function loadMyQualification(context: Context, toUserId: string): Promise<Qualification | null> {
  const { api } = context.get(serverContext);
  try {
    const { qualification } = await readApiResponse<{ qualification: Qualification }>(
      await api(myQualificationApiPath(toUserId)),
    );
    return qualification;
  } catch {
    // 404: no rating yet. Anything else: the form starts empty and the API answers a second POST clearly.
    return null;
  }
}
