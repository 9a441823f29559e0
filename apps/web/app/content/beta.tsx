import { Anchor, List, ListItem, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function BetaContent() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>EcoAnuncios está en beta</Title>
        <Text size="lg">
          La plataforma ya funciona y puedes usarla todos los días, pero todavía la estamos mejorando. Por eso
          puede haber errores, pantallas que cambian y funciones que llegan poco a poco.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Qué significa beta</Title>
        <Text>
          Beta es la etapa en la que un producto ya está abierto al público y se prueba con uso real. Lo que
          nos cuentas sobre errores y mejoras nos ayuda a decidir qué arreglar primero. Tus datos se tratan
          igual que siempre, según nuestra{' '}
          <Anchor component={Link} to="/privacy">
            Política de Privacidad
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Qué puedes hacer hoy</Title>
        <List spacing="xs">
          <ListItem>
            <Anchor component={Link} to="/publications">
              Explorar
            </Anchor>{' '}
            las seis categorías y buscar anuncios por texto, material, país, provincia y ciudad.
          </ListItem>
          <ListItem>
            Armar un carrito de contacto y escribir por WhatsApp a quienes publican, sin necesidad de una
            cuenta.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/auth/new">
              Crear una cuenta
            </Anchor>{' '}
            gratis, publicar anuncios y seguir su revisión desde Mi Panel.
          </ListItem>
          <ListItem>Calificar a otras personas y ver las calificaciones de cada perfil.</ListItem>
          <ListItem>
            Consultar al{' '}
            <Anchor component={Link} to="/bot">
              Asistente Virtual
            </Anchor>{' '}
            y leer las{' '}
            <Anchor component={Link} to="/questions">
              preguntas frecuentes
            </Anchor>
            .
          </ListItem>
          <ListItem>Apadrinar el proyecto o hacer una donación.</ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>En qué estamos trabajando</Title>
        <Text>Estas mejoras están en preparación y no tienen una fecha fija:</Text>
        <List spacing="xs">
          <ListItem>más ciudades en las provincias y departamentos que ya cubrimos;</ListItem>
          <ListItem>
            nuevos países de América Latina, como Chile, México, Paraguay, Perú y Venezuela;
          </ListItem>
          <ListItem>
            secciones de ventas y compras en Mi Panel, con la conexión a una plataforma de pagos;
          </ListItem>
          <ListItem>respuestas más completas del Asistente Virtual.</ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Cómo reportar un problema</Title>
        <Text>
          Escríbenos a{' '}
          <Anchor href="mailto:hola@ecoanuncios.org?subject=Problema%20en%20EcoAnuncios">
            hola@ecoanuncios.org
          </Anchor>{' '}
          y cuéntanos:
        </Text>
        <List spacing="xs">
          <ListItem>en qué página estabas;</ListItem>
          <ListItem>qué hiciste, qué esperabas que pasara y qué pasó;</ListItem>
          <ListItem>qué dispositivo y qué navegador usas;</ListItem>
          <ListItem>si puedes, una captura de pantalla.</ListItem>
        </List>
        <Text>Nunca te pediremos tu contraseña: no la incluyas en tus mensajes.</Text>
      </Stack>
    </Stack>
  );
}
