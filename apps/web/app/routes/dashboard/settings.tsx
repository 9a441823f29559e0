import '../../styles/account';
import '../../styles/select';
import { Stack, Text, Title } from '@mantine/core';
import { UserDataError } from '../../features/account/UserDataError';
import { loadAccount } from '../../features/account/account.server';
import { SellerAccountCard } from '../../features/deals/SellerAccountCard';
import { DELETE_ACCOUNT_INTENT } from '../../features/my-data/delete-account';
import { deleteAccount } from '../../features/my-data/delete-account.server';
import { MyDataCard } from '../../features/my-data/MyDataCard';
import { PersonalFeedCard } from '../../features/calendar/PersonalFeedCard';
import { CALENDAR_FEED_INTENT, isPersonalFeedAnswer } from '../../features/calendar/personal-feed';
import { loadPersonalFeed, rotatePersonalFeed } from '../../features/calendar/personal-feed.server';
import { EmailNotificationsSwitch } from '../../features/notifications/EmailNotificationsSwitch';
import { PushSettingsCard } from '../../features/push/PushSettingsCard';
import { PaymentDetailsForm } from '../../features/settings/PaymentDetailsForm';
import { ProfileForm } from '../../features/settings/ProfileForm';
import { profileFormValues } from '../../features/settings/profile-form-values';
import { SETTINGS_INTENTS } from '../../features/settings/settings-intents';
import { saveSettings } from '../../features/settings/settings.server';
import { requireSession } from '../../lib/auth.server';
import { brokenForm, readForm } from '../../lib/forms/form-action.server';
import { pageMeta } from '../../lib/meta';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => pageMeta('Configuración');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  const [account, calendarFeed] = await Promise.all([loadAccount(context), loadPersonalFeed(context)]);
  return { ...account, calendarFeed };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSession(context, request);
  const formData = await readForm(request);
  if (!formData) return brokenForm();
  const intent = formData.get('intent');
  if (intent === SETTINGS_INTENTS.profile || intent === SETTINGS_INTENTS.paymentDetails) {
    return saveSettings(context, intent, formData);
  }
  if (intent === DELETE_ACCOUNT_INTENT) return deleteAccount(context, formData);
  if (intent === CALENDAR_FEED_INTENT) return rotatePersonalFeed(context);
  return brokenForm();
}

// Opening and closing a form (`?editar=…`, `?confirmar=…`) changes nothing on the server: no need to load again.
// Submissions and explicit revalidations (the same address: a card that changed something) load as usual.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const toggled = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  if (formMethod === undefined && toggled) return false;
  return defaultShouldRevalidate;
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const formAnswer = isPersonalFeedAnswer(actionData) ? undefined : actionData;
  const answerTo = (intent: string) =>
    formAnswer && 'intent' in formAnswer && formAnswer.intent === intent ? formAnswer : undefined;
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>Configuración</Title>
        <Text c="dimmed">Tu perfil es lo que ven los demás en tus anuncios y en tu página de usuario.</Text>
      </Stack>
      {loaderData.ok ? (
        <>
          {/* Keyed by the saved data: a save or a fresh load shows the server's values, read-only. */}
          <ProfileForm
            key={JSON.stringify(profileFormValues(loaderData.account.user))}
            user={loaderData.account.user}
            answer={answerTo(SETTINGS_INTENTS.profile)}
          />
          <PaymentDetailsForm
            key={loaderData.account.paymentDetails ?? ''}
            paymentDetails={loaderData.account.paymentDetails}
            answer={answerTo(SETTINGS_INTENTS.paymentDetails)}
          />
          <EmailNotificationsSwitch
            enabled={loaderData.account.emailNotifications}
            reminderHourBefore={loaderData.account.reminderHourBefore}
          />
          <PushSettingsCard />
          <SellerAccountCard
            onlinePayments={loaderData.account.onlinePayments}
            sellerAccount={loaderData.account.sellerAccount}
            country={loaderData.account.user.locationCountry}
          />
          <PersonalFeedCard
            state={loaderData.calendarFeed}
            answer={isPersonalFeedAnswer(actionData) ? actionData : undefined}
          />
          <MyDataCard answer={answerTo(DELETE_ACCOUNT_INTENT)} />
        </>
      ) : (
        <UserDataError message={loaderData.message} />
      )}
    </Stack>
  );
}
