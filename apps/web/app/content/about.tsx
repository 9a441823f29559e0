import { Anchor, List, ListItem, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function AboutContent() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Nosotros</Title>
        <Text size="lg">
          EcoAnuncios es un lugar para mejorar el mundo: una plataforma gratuita, en español, que reúne en un
          solo sitio lo que necesitas para vivir de forma más sustentable cerca de donde estás.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Nuestra misión</Title>
        <Text>
          Queremos que reciclar, reutilizar y consumir de forma responsable sea más fácil. Para eso conectamos
          a vecinos, emprendimientos, organizaciones y puntos de reciclaje de tu ciudad, y ayudamos a que los
          materiales que a alguien le sobran lleguen a quien los puede aprovechar, en lugar de terminar en la
          basura.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Qué puedes hacer</Title>
        <List spacing="xs">
          <ListItem>
            <Anchor component={Link} to="/publications?what=dots">
              Puntos de Reciclaje
            </Anchor>
            : encuentra dónde entregar papel, cartón, vidrio, plástico, aluminio, telas, tetrabrik y otros
            materiales separados, con su dirección y el tipo de material que reciben.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/publications?what=events">
              Eventos y Talleres
            </Anchor>
            : participa en jornadas de limpieza, ferias, talleres de compostaje y otras actividades con fecha
            y lugar.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/publications?what=market">
              Productos y Servicios
            </Anchor>
            : descubre productos ecológicos y servicios de emprendimientos y personas comprometidas con el
            ambiente.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/publications?what=barter">
              Mercado de Materiales
            </Anchor>
            : regala o vende materiales para que otra persona los reutilice, o consigue los que necesitas para
            tu próximo proyecto.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/publications?what=tips">
              Consejos
            </Anchor>
            : lee ideas prácticas para reducir residuos y ahorrar recursos en el día a día.
          </ListItem>
          <ListItem>
            <Anchor component={Link} to="/publications?what=courses">
              Cursos y Academia
            </Anchor>
            : aprende sobre reciclaje, huertas, energía y otros temas ambientales.
          </ListItem>
        </List>
        <Text>
          Cuando un anuncio te interesa, agrégalo a tu carrito de contacto y envía a quien lo publicó un
          mensaje por WhatsApp con los títulos que elegiste. También puedes calificar a otras personas según
          tu experiencia y hacer tus preguntas al{' '}
          <Anchor component={Link} to="/bot">
            Asistente Virtual
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Para quién es</Title>
        <Text>
          Para cualquier persona que quiera generar menos residuos: vecinos que separan en casa, recuperadores
          urbanos y recicladores de oficio, cooperativas, emprendimientos sustentables, escuelas, docentes y
          organizaciones ambientales. Para explorar no necesitas una cuenta; para publicar y calificar,{' '}
          <Anchor component={Link} to="/auth/new">
            crea una gratis
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Cómo funciona la moderación</Title>
        <Text>
          Cada publicación nueva queda «En Revisión» hasta que el equipo de moderación comprueba que es real,
          que corresponde a su categoría y que respeta los{' '}
          <Anchor component={Link} to="/terms">
            Términos de Uso
          </Anchor>
          . Cuando se aprueba, pasa a «Publicado» y cualquier persona puede verla. Así mantenemos la
          información útil y confiable para toda la comunidad.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Estamos en beta</Title>
        <Text>
          EcoAnuncios ya funciona en Argentina y Colombia, y lo seguimos mejorando con lo que nos cuentan
          quienes lo usan. Conoce qué funciona hoy y en qué estamos trabajando en la{' '}
          <Anchor component={Link} to="/beta">
            página de la beta
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>Contacto</Title>
        <Text>
          EcoAnuncios es un proyecto del equipo de EcoAnuncios y se sostiene con el aporte de quienes lo
          apadrinan o donan. Si tienes una pregunta, una sugerencia o quieres sumar tu organización,
          escríbenos a <Anchor href="mailto:hola@ecoanuncios.org">hola@ecoanuncios.org</Anchor>. También
          puedes revisar las{' '}
          <Anchor component={Link} to="/questions">
            preguntas frecuentes
          </Anchor>
          .
        </Text>
      </Stack>
    </Stack>
  );
}
