import { Anchor, List, ListItem, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function ThanksContent() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>¡Gracias por apoyar EcoAnuncios!</Title>
        <Text size="lg">
          Gracias a quienes apadrinan el proyecto y a quienes donan, EcoAnuncios sigue siendo gratuito para
          todas las personas que quieren reciclar, reutilizar y consumir de forma responsable. Tu aporte nos
          ayuda a crecer y a llegar a más ciudades.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Cómo usamos los aportes</Title>
        <List spacing="xs">
          <ListItem>
            Alojamiento: los servidores donde guardamos los anuncios y las imágenes, para que el sitio cargue
            rápido también en el celular.
          </ListItem>
          <ListItem>
            Moderación: el tiempo dedicado a revisar cada publicación para que la información sea útil y
            confiable.
          </ListItem>
          <ListItem>
            Asistente Virtual: su funcionamiento y las mejoras para que responda mejor a tus preguntas.
          </ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Otras formas de ayudar</Title>
        <Text>
          También sumas mucho cuando publicas un punto de reciclaje de tu barrio, regalas materiales en lugar
          de tirarlos o compartes EcoAnuncios con tu familia, tus amistades y tu comunidad. Si tienes dudas
          sobre tu aporte, escríbenos a{' '}
          <Anchor href="mailto:hola@ecoanuncios.org">hola@ecoanuncios.org</Anchor>.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Sigue recorriendo</Title>
        <List spacing="xs">
          <ListItem>
            <Anchor component={Link} to="/">
              Inicio
            </Anchor>
            : las seis categorías de EcoAnuncios.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/publications">
              Explorar
            </Anchor>
            : todos los anuncios publicados.
          </ListItem>
        </List>
      </Stack>
    </Stack>
  );
}
