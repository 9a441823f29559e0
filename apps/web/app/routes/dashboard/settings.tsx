import '../../styles/account';
import '../../styles/select';
import { Stack, Text, Title } from '@mantine/core';
import { UserDataError } from '../../features/account/UserDataError';
import { PaymentDetailsForm } from '../../features/settings/PaymentDetailsForm';
import { ProfileForm } from '../../features/settings/ProfileForm';
import { profileFormValues } from '../../features/settings/profile-form-values';
import { EmailNotificationsSwitch } from '../../features/notifications/EmailNotificationsSwitch';
import { SellerAccountCard } from '../../features/deals/SellerAccountCard';
import { MyDataCard } from '../../features/my-data/MyDataCard';
import { loadAccount } from '../../features/account/account.server';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => pageMeta('Configuración');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  return loadAccount(context);
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
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
          />
          <PaymentDetailsForm
            key={loaderData.account.paymentDetails ?? ''}
            paymentDetails={loaderData.account.paymentDetails}
          />
          <EmailNotificationsSwitch enabled={loaderData.account.emailNotifications} />
          <SellerAccountCard
            onlinePayments={loaderData.account.onlinePayments}
            sellerAccount={loaderData.account.sellerAccount}
            country={loaderData.account.user.locationCountry}
          />
          <MyDataCard />
        </>
      ) : (
        <UserDataError message={loaderData.message} />
      )}
    </Stack>
  );
}
