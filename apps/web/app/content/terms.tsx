import { Anchor, List, ListItem, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function TermsContent() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Términos de Uso</Title>
        <Text size="sm" c="dimmed">
          Última actualización: 26 de noviembre de 2026
        </Text>
        <Text>
          Estos términos regulan el uso de EcoAnuncios, una plataforma gratuita operada por el equipo de
          EcoAnuncios para encontrar y compartir información sobre vida sustentable en Argentina y Colombia.
          Te pedimos que los leas con atención.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>1. Aceptación</Title>
        <Text>
          Al navegar por EcoAnuncios, crear una cuenta o publicar un anuncio aceptas estos Términos de Uso y
          nuestra{' '}
          <Anchor component={Link} to="/privacy">
            Política de Privacidad
          </Anchor>
          . Si no estás de acuerdo con ellos, por favor no uses la plataforma.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>2. Cuentas</Title>
        <List spacing="xs">
          <ListItem>
            Para publicar anuncios, calificar a otras personas y usar tu panel necesitas una cuenta con un
            correo electrónico válido.
          </ListItem>
          <ListItem>
            Debes tener 18 años o más, o usar la plataforma con la autorización y la supervisión de tu madre,
            padre o representante legal.
          </ListItem>
          <ListItem>
            Los datos de tu perfil deben ser verdaderos. No puedes hacerte pasar por otra persona ni por una
            organización que no representas.
          </ListItem>
          <ListItem>
            Eres responsable de mantener tu contraseña en secreto y de la actividad de tu cuenta. Si sospechas
            un uso indebido, escríbenos de inmediato.
          </ListItem>
          <ListItem>Podemos suspender o cerrar las cuentas que incumplan estos términos.</ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>3. Publicaciones y moderación</Title>
        <List spacing="xs">
          <ListItem>
            Cada anuncio debe corresponder a la categoría elegida y describir con veracidad lo que ofrece: un
            punto de reciclaje, un evento o taller, un producto o servicio, un material o un curso.
          </ListItem>
          <ListItem>
            Toda publicación nueva queda «En Revisión» hasta que el equipo de moderación la aprueba. Podemos
            rechazar, despublicar o eliminar las publicaciones que no cumplan estos términos.
          </ListItem>
          <ListItem>
            Cualquier persona puede denunciar un anuncio o un perfil con el botón «Denunciar». El equipo de
            moderación revisa cada denuncia y decide si la desestima, devuelve el anuncio a revisión o lo
            despublica; un anuncio publicado que reúne varias denuncias se oculta hasta esa revisión.
          </ListItem>
          <ListItem>
            Eres responsable de lo que publicas, incluidos los textos, las imágenes, los precios, las fechas y
            las direcciones, y de tener derecho a publicarlo.
          </ListItem>
          <ListItem>Puedes editar o eliminar tus publicaciones en cualquier momento desde Mi Panel.</ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>4. Contenido prohibido</Title>
        <Text>No está permitido publicar:</Text>
        <List spacing="xs">
          <ListItem>
            productos, servicios o actividades ilegales, o cuya venta esté prohibida o restringida;
          </ListItem>
          <ListItem>
            residuos peligrosos ofrecidos fuera de los circuitos de gestión que autoriza la ley;
          </ListItem>
          <ListItem>afirmaciones ambientales falsas o engañosas sobre un producto o servicio;</ListItem>
          <ListItem>spam, anuncios repetidos o publicidad ajena a la temática ambiental;</ListItem>
          <ListItem>
            contenido violento, discriminatorio, sexual explícito o que acose o amenace a otras personas;
          </ListItem>
          <ListItem>datos personales de otras personas sin su consentimiento;</ListItem>
          <ListItem>contenido que infrinja derechos de autor, marcas u otros derechos de terceros.</ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>5. Contactos y acuerdos entre usuarios</Title>
        <Text>
          EcoAnuncios facilita el contacto entre personas mediante el carrito de contacto y WhatsApp, pero no
          participa en las conversaciones, los acuerdos ni las entregas. Cada persona es responsable de lo que
          acuerda y de verificar lo que recibe. Te recomendamos encontrarte en lugares públicos y no pagar por
          adelantado a quien no conoces. WhatsApp es un servicio de terceros con sus propias condiciones.
        </Text>
        <Text>
          Cuando quien vende conectó su cuenta de Mercado Pago, puedes comprar desde su anuncio: el pago lo
          procesa Mercado Pago, según sus propias condiciones, y el dinero va directamente a quien vende.
          EcoAnuncios no ve ni guarda los datos de tu tarjeta; registra el pedido y el estado del pago para
          que ambas partes lo sigan en Mi Panel. La entrega, los cambios y las devoluciones se acuerdan entre
          comprador y vendedor.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>6. Calificaciones</Title>
        <Text>
          Las personas con cuenta pueden calificar a otras con estrellas y un comentario opcional. Las
          calificaciones deben reflejar experiencias reales, sin insultos ni datos personales. No está
          permitido manipularlas, por ejemplo con cuentas falsas o acuerdos para calificarse entre sí. Podemos
          eliminar las calificaciones que incumplan estas reglas.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>7. Donaciones y padrinazgo</Title>
        <Text>
          Puedes apoyar el proyecto con una suscripción de padrinazgo o con una donación libre por
          transferencia a nuestro alias bancario. Los aportes son voluntarios y no otorgan ventajas en la
          moderación ni en la visibilidad de los anuncios. La suscripción se gestiona en la plataforma de
          pagos externa a la que te lleva el enlace, y puedes cancelarla allí según sus condiciones. Si
          hiciste un aporte por error, escríbenos y lo revisaremos.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>8. Propiedad intelectual</Title>
        <Text>
          La marca EcoAnuncios, el diseño del sitio y sus textos pertenecen al equipo de EcoAnuncios. Tú
          conservas los derechos sobre el contenido que publicas y nos otorgas una licencia gratuita y no
          exclusiva para mostrarlo en la plataforma y en los enlaces para compartir mientras esté publicado.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>9. Limitación de responsabilidad</Title>
        <Text>
          EcoAnuncios está en etapa beta y se ofrece tal como está: puede tener errores o interrupciones. No
          garantizamos que la información publicada por los usuarios sea exacta o esté actualizada; por
          ejemplo, los horarios de un punto de reciclaje pueden cambiar. En la medida en que lo permita la ley
          aplicable, no somos responsables de los daños que resulten de los acuerdos entre usuarios ni del uso
          de la información publicada.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>10. Cambios</Title>
        <Text>
          Podemos actualizar estos términos para reflejar mejoras de la plataforma o cambios legales.
          Publicaremos la nueva versión en esta página con su fecha y, si el cambio es importante, lo
          avisaremos en la plataforma. Si sigues usando EcoAnuncios después de un cambio, aceptas la nueva
          versión.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>11. Contacto</Title>
        <Text>
          Para denunciar un anuncio o un perfil, usa el botón «Denunciar» que tienen. Si tienes preguntas
          sobre estos términos, escríbenos a{' '}
          <Anchor href="mailto:hola@ecoanuncios.org">hola@ecoanuncios.org</Anchor>.
        </Text>
      </Stack>
    </Stack>
  );
}
