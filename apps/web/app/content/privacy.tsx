import { Anchor, List, ListItem, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function PrivacyContent() {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Política de Privacidad</Title>
        <Text size="sm" c="dimmed">
          Última actualización: 26 de noviembre de 2026
        </Text>
        <Text>
          En EcoAnuncios cuidamos tus datos personales. Esta política explica qué datos recopilamos, para qué
          los usamos, con quién los compartimos y cómo puedes ejercer tus derechos. El responsable del
          tratamiento es el equipo de EcoAnuncios, al que puedes escribir a{' '}
          <Anchor href="mailto:hola@ecoanuncios.org">hola@ecoanuncios.org</Anchor>.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>1. Datos que recopilamos</Title>
        <List spacing="xs">
          <ListItem>
            Datos de tu cuenta: correo electrónico, nombre y contraseña, que guardamos solo en forma de hash.
          </ListItem>
          <ListItem>
            Datos de perfil que decidas cargar: foto, teléfono o WhatsApp, país, provincia, ciudad y
            dirección.
          </ListItem>
          <ListItem>
            Datos de pago: el texto libre que escribas para indicar cómo recibir pagos. No guardamos números
            de tarjeta.
          </ListItem>
          <ListItem>
            Tu contenido: tus publicaciones (textos, imágenes, ubicaciones, fechas y precios), las
            calificaciones que das y recibes, los anuncios que guardas y las notificaciones de tu cuenta.
          </ListItem>
          <ListItem>
            Las preguntas que escribes al Asistente Virtual: las usamos solo para responderte en ese momento y
            no las guardamos ni las registramos. Si el sitio usa un modelo de lenguaje para redactar las
            respuestas, tu pregunta se le envía únicamente para eso.
          </ListItem>
          <ListItem>
            Tus compras y ventas con Mercado Pago (qué se compró, la cantidad, el precio y cada cambio del
            estado del pago; nunca los datos de tu tarjeta) y el registro de los contactos que haces por
            WhatsApp desde el carrito (a quién y por qué anuncios, sin el texto del mensaje).
          </ListItem>
          <ListItem>
            Si conectas una cuenta de vendedor con una plataforma de pagos, los datos de autorización que esa
            plataforma nos entrega para vincularla.
          </ListItem>
          <ListItem>
            Datos técnicos que registran nuestros servidores, como la dirección IP, la fecha y la página
            solicitada, para mantener la seguridad y resolver fallas.
          </ListItem>
        </List>
        <Text>
          No te pedimos datos sensibles, como los de salud, religión u opiniones políticas; por favor no los
          incluyas en tus publicaciones.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>2. Para qué los usamos</Title>
        <List spacing="xs">
          <ListItem>Crear y administrar tu cuenta y mantener tu sesión iniciada.</ListItem>
          <ListItem>Mostrar tus publicaciones, tu perfil público y las calificaciones.</ListItem>
          <ListItem>
            Permitir que otras personas te contacten por WhatsApp desde tus anuncios, si cargaste tu teléfono.
          </ListItem>
          <ListItem>Moderar publicaciones y calificaciones, y prevenir abusos.</ListItem>
          <ListItem>
            Enviarte notificaciones y los correos necesarios, como la activación de tu cuenta o el cambio de
            contraseña.
          </ListItem>
          <ListItem>Responder tus consultas y mejorar el funcionamiento de la plataforma.</ListItem>
        </List>
        <Text>No usamos tus datos para publicidad ni para elaborar perfiles comerciales.</Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>3. Base legal</Title>
        <Text>
          Tratamos tus datos con tu consentimiento libre, expreso e informado, que otorgas al crear tu cuenta
          y aceptar esta política, según el artículo 5 de la Ley 25.326 de Argentina y el artículo 9 de la Ley
          1581 de 2012 de Colombia, y en la medida necesaria para prestarte el servicio que solicitas. Puedes
          revocar tu consentimiento en cualquier momento eliminando tu cuenta desde Configuración.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>4. Qué información es pública</Title>
        <Text>
          Tu perfil público muestra tu nombre, tu foto, tu ubicación y las calificaciones que recibiste, y tus
          publicaciones muestran su contenido y su ubicación. Si cargaste un teléfono, quien te contacte por
          WhatsApp lo verá. Tu correo electrónico nunca se muestra. No necesitas cargar tu dirección exacta en
          el perfil.
        </Text>
        <Text>
          El punto del mapa de un trueque o una venta suele ser tu casa: los demás lo ven corrido unos cientos
          de metros, dentro de un círculo, salvo que elijas mostrar el lugar exacto. Si compartes tu ubicación
          para ver lo más cercano, solo se usa para ordenar esa búsqueda: no la guardamos.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>5. Cookies y almacenamiento local</Title>
        <List spacing="xs">
          <ListItem>
            Usamos la cookie de sesión para mantener tu sesión iniciada. Es de tipo httpOnly, así que los
            scripts de la página no pueden leerla, y vence al cerrar tu sesión o una hora después de
            iniciarla.
          </ListItem>
          <ListItem>
            Cuando envías un formulario, otra cookie lleva durante un minuto el aviso con su resultado a la
            página siguiente (por ejemplo, «Se guardaron los cambios») y se borra al mostrarlo.
          </ListItem>
          <ListItem>
            El almacenamiento local de tu navegador guarda tu carrito de contacto. Esos datos quedan en tu
            dispositivo y puedes borrarlos vaciando el carrito o los datos del sitio.
          </ListItem>
          <ListItem>No usamos cookies publicitarias ni rastreadores publicitarios.</ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>6. Cuánto tiempo los conservamos</Title>
        <Text>
          Conservamos tus datos mientras tu cuenta esté activa. Las publicaciones que eliminas se borran, y
          cuando eliminas tu cuenta borramos en el momento tus datos personales, tus anuncios y tus imágenes,
          salvo lo que una ley nos obligue a conservar. Las copias de seguridad se renuevan y las anteriores
          se descartan con el tiempo. Los registros técnicos de los servidores se guardan por un tiempo
          limitado.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>7. Con quién los compartimos</Title>
        <List spacing="xs">
          <ListItem>Nunca vendemos ni alquilamos tus datos.</ListItem>
          <ListItem>
            Guardamos la información y las imágenes en nuestros propios servidores, no en servicios de
            almacenamiento de terceros.
          </ListItem>
          <ListItem>
            WhatsApp solo interviene cuando tú eliges contactar a alguien desde el carrito: tu dispositivo
            abre WhatsApp con el mensaje y, desde allí, se aplica la política de privacidad de ese servicio.
          </ListItem>
          <ListItem>
            Si apadrinas el proyecto o conectas una cuenta de vendedor, la plataforma de pagos trata los datos
            que le das según su propia política.
          </ListItem>
          <ListItem>
            Solo entregamos datos a una autoridad cuando una ley o una orden judicial nos obliga.
          </ListItem>
        </List>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>8. Seguridad</Title>
        <Text>
          Guardamos las contraseñas con un algoritmo de hash, de modo que nadie puede leerlas, y la sesión
          viaja en una cookie que los scripts de la página no pueden leer. Al subir una imagen eliminamos sus
          metadatos EXIF, incluida la ubicación GPS de la foto. Ningún sistema es infalible: si detectas un
          problema de seguridad, avísanos cuanto antes.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>9. Tus derechos y cómo ejercerlos</Title>
        <Text>
          Puedes acceder a tus datos, rectificarlos, actualizarlos y pedir que los eliminemos. En Colombia,
          además, puedes solicitar prueba de la autorización que nos diste, ser informado sobre el uso de tus
          datos y revocar esa autorización.
        </Text>
        <List spacing="xs">
          <ListItem>
            Puedes corregir tu perfil y tus datos de pago en cualquier momento desde{' '}
            <Anchor component={Link} to="/dashboard/settings">
              Configuración
            </Anchor>
            .
          </ListItem>
          <ListItem>
            Acceso: en Configuración, «Descargar mis datos» te entrega al instante un archivo JSON con todo lo
            que guardamos sobre ti: tu cuenta, tu perfil, tus datos de pago, tus anuncios con las direcciones
            de sus imágenes, las imágenes que subiste, tus sesiones abiertas, las calificaciones que diste y
            recibiste, tus notificaciones, tu cuenta de Mercado Pago si la conectaste, tus compras y ventas,
            los contactos que hiciste desde el carrito, las denuncias que hiciste y los anuncios que
            guardaste. Nunca incluye tu contraseña.
          </ListItem>
          <ListItem>
            Supresión: en Configuración, «Eliminar mi cuenta» te pide tu contraseña y borra enseguida tu
            cuenta, tu perfil, tus anuncios, tus imágenes y tus sesiones. No se puede deshacer, y tu correo
            queda libre para registrarte de nuevo si algún día quieres volver.
          </ListItem>
          <ListItem>
            Para todo lo demás, o si no puedes ingresar a tu cuenta, escríbenos a{' '}
            <Anchor href="mailto:hola@ecoanuncios.org">hola@ecoanuncios.org</Anchor> desde el correo de tu
            cuenta e indica qué derecho quieres ejercer. Es gratis, y te responderemos dentro de los plazos
            que fijan las leyes aplicables.
          </ListItem>
        </List>
        <Text size="sm">
          Argentina: el titular de los datos personales tiene la facultad de ejercer el derecho de acceso a
          los mismos en forma gratuita a intervalos no inferiores a seis meses, salvo que se acredite un
          interés legítimo al efecto conforme lo establecido en el artículo 14, inciso 3 de la Ley 25.326. La
          Agencia de Acceso a la Información Pública, en su carácter de órgano de control de la Ley 25.326,
          tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados
          en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos
          personales.
        </Text>
        <Text size="sm">
          Colombia: una vez agotado el trámite de consulta o reclamo ante nosotros, puedes presentar una queja
          ante la Superintendencia de Industria y Comercio.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>10. Leyes aplicables</Title>
        <Text>
          Tratamos los datos personales conforme a la Ley 25.326 de Protección de los Datos Personales de
          Argentina y su reglamentación, y a la Ley Estatutaria 1581 de 2012 de Colombia y sus decretos
          reglamentarios, según corresponda a cada persona.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>11. Menores de edad</Title>
        <Text>
          EcoAnuncios está pensado para personas mayores de 18 años. Quienes sean menores solo pueden usarlo
          con la autorización y la supervisión de su madre, padre o representante legal. Si crees que
          recopilamos datos de una persona menor sin esa autorización, escríbenos y los eliminaremos.
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>12. Cambios en esta política</Title>
        <Text>
          Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha y, si el
          cambio es importante, lo avisaremos en la plataforma. Consulta también nuestros{' '}
          <Anchor component={Link} to="/terms">
            Términos de Uso
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={2}>13. Contacto</Title>
        <Text>
          Para cualquier consulta sobre tus datos personales, escríbenos a{' '}
          <Anchor href="mailto:hola@ecoanuncios.org">hola@ecoanuncios.org</Anchor>.
        </Text>
      </Stack>
    </Stack>
  );
}
