// Divider and Code are used here only (a drawer and a dialog, both fetched when first opened).
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Code.css';
import { Anchor, Button, Code, CopyButton, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCheck, IconCopy, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDonation } from '../../lib/root-data';

/** The two ways to support the project: a sponsorship subscription or a free bank-alias transfer. */
export function DonationOptions() {
  const donation = useDonation();

  return (
    <Stack gap="md">
      <Text>
        EcoAnuncios es un proyecto independiente. Con tu aporte mantenemos los servidores y seguimos sumando
        herramientas para cuidar el planeta.
      </Text>

      {donation?.sponsorUrl && (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconHeartHandshake size={22} aria-hidden />
            <Title order={3} size="h5">
              Hazte padrino o madrina
            </Title>
          </Group>
          <Text size="sm">Acompáñanos con una suscripción mensual y ayúdanos a crecer.</Text>
          <Button component="a" href={donation.sponsorUrl} target="_blank" rel="noopener noreferrer">
            Quiero apadrinar
          </Button>
        </Stack>
      )}

      {donation?.bankAlias && (
        <>
          <Divider />
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconBuildingBank size={22} aria-hidden />
              <Title order={3} size="h5">
                Donación libre por transferencia
              </Title>
            </Group>
            <Text size="sm">Transfiere el monto que quieras a este alias:</Text>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Code fz="md" fw={700} style={{ wordBreak: 'break-all' }}>
                {donation.bankAlias}
              </Code>
              <CopyButton value={donation.bankAlias}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={copy}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                  >
                    {copied ? 'Alias copiado' : 'Copiar alias'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {donation.bankHolder && <Text size="sm">Titular: {donation.bankHolder}</Text>}
          </Stack>
        </>
      )}

      <Divider />
      <Anchor component={Link} to="/thanks">
        Gracias a quienes nos apoyan
      </Anchor>
    </Stack>
  );
}
