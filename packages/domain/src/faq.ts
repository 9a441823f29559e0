import type { Question } from './types/entities.ts';

// The virtual assistant answers from these entries, so every answer must make sense on its own.
export const questions: readonly Question[] = [
  {
    key: 'que-es-ecoanuncios',
    question: '¿Qué es EcoAnuncios?',
    answer:
      'EcoAnuncios es una plataforma gratuita en español para vivir de forma más sustentable: reúne puntos de reciclaje, eventos y talleres, productos y servicios ecológicos, un mercado de materiales, consejos y cursos. Cualquier persona puede explorar los anuncios y contactar por WhatsApp a quien los publicó; con una cuenta, además, puede publicar sus propios anuncios y calificar a otras personas. Hoy funciona en Argentina y Colombia y está en etapa beta.',
    references: [
      { to: '/about', title: 'Nosotros', description: 'La misión de EcoAnuncios y cómo funciona.' },
      { to: '/publications', title: 'Explorar', description: 'Todos los anuncios publicados.' },
    ],
  },
  {
    key: 'es-gratis',
    question: '¿Usar EcoAnuncios tiene algún costo?',
    answer:
      'No. Explorar anuncios, crear una cuenta, publicar y contactar a otras personas es gratis. EcoAnuncios se sostiene con los aportes voluntarios de quienes deciden apadrinar el proyecto o hacer una donación. Los precios que aparecen en algunos anuncios los fija cada persona por sus productos, servicios o cursos, y se acuerdan directamente con ella.',
    references: [
      { to: '/auth/new', title: 'Crear cuenta', description: 'Regístrate gratis para publicar y calificar.' },
      { to: '/terms', title: 'Términos de Uso', description: 'Las reglas para usar EcoAnuncios.' },
    ],
  },
  {
    key: 'punto-de-reciclaje-cercano',
    question: '¿Cómo encuentro un punto de reciclaje cerca de mí?',
    answer:
      'Entra en Puntos de Reciclaje desde la página de inicio y presiona el botón de filtros para abrir «Más criterios de búsqueda». Allí elige tu país, después tu provincia o departamento y por último tu ciudad; también puedes marcar el material que quieres llevar, como Papel/Cartón, Vidrios o Plásticos. Cada punto de reciclaje muestra su dirección y, cuando está disponible, un enlace al mapa. Con «Cerca de mí» la lista se ordena por distancia desde tu ubicación (el navegador te la pide solo en ese momento) o, si no la compartes, desde el centro de la ciudad que elegiste; cada tarjeta dice a qué distancia está. «Abierto ahora» deja solo los puntos que están abiertos en este momento, y en cada punto ves su horario y el enlace «Cómo llegar», que abre el mapa de tu teléfono.',
    references: [
      {
        to: '/publications?what=dots',
        title: 'Puntos de Reciclaje',
        description: 'Lugares donde entregar residuos separados.',
      },
    ],
  },
  {
    key: 'mapa-de-anuncios',
    question: '¿Puedo ver los anuncios en un mapa?',
    answer:
      'Sí. En Explorar, y en cada categoría, el botón «Mapa» muestra en un mapa los mismos anuncios que la lista, con los mismos filtros y la misma búsqueda; «Lista» vuelve a las tarjetas. Al alejarte, los anuncios cercanos se agrupan en un círculo con su cantidad; al acercarte ves cada uno y, al tocarlo, una vista previa con el enlace al anuncio. «Buscar en esta zona» deja en la lista solo lo que se ve en el mapa. La lista sigue debajo del mapa, así que todo se puede recorrer también con el teclado o un lector de pantalla. Al publicar, puedes marcar el punto tocando el mapa, con «Usar mi ubicación» o pegando el enlace de Google Maps u OpenStreetMap; en el Mercado de Materiales, los demás ven un círculo aproximado alrededor de tu punto salvo que marques «Mostrar el lugar exacto».',
    references: [
      {
        to: '/publications?what=dots&view=map',
        title: 'Mapa de puntos de reciclaje',
        description: 'Los puntos de reciclaje en el mapa.',
      },
      { to: '/publications/new', title: 'Publicar', description: 'Crea un anuncio con su punto en el mapa.' },
    ],
  },
  {
    key: 'categorias',
    question: '¿Qué significa cada categoría?',
    answer:
      'Puntos de Reciclaje reúne lugares donde entregar residuos separados; Eventos y Talleres, actividades ambientales con fecha y lugar; Productos y Servicios, ofertas ecológicas de emprendimientos y personas. Mercado de Materiales es para materiales que alguien regala o vende para que se reutilicen, como cartón, telas o vidrio. Consejos reúne ideas prácticas para reducir residuos en el día a día, y Cursos y Academia, formaciones sobre temas ambientales.',
    references: [
      { to: '/publications?what=dots', title: 'Puntos de Reciclaje', description: 'Dónde reciclar.' },
      { to: '/publications?what=events', title: 'Eventos y Talleres', description: 'Actividades con fecha.' },
      { to: '/publications?what=market', title: 'Productos y Servicios', description: 'Ofertas ecológicas.' },
      {
        to: '/publications?what=barter',
        title: 'Mercado de Materiales',
        description: 'Materiales regalados o en venta.',
      },
      { to: '/publications?what=tips', title: 'Consejos', description: 'Ideas para el día a día.' },
      {
        to: '/publications?what=courses',
        title: 'Cursos y Academia',
        description: 'Formaciones ambientales.',
      },
    ],
  },
  {
    key: 'como-publicar',
    question: '¿Cómo publico un anuncio?',
    answer:
      'Necesitas una cuenta gratuita: créala y luego entra en Publicar. Primero elige el tipo de anuncio (Puntos de Reciclaje, Eventos y Talleres, Cursos y Academia, Productos y Servicios o Mercado de Materiales); después completa el título, la descripción y los datos que pide ese tipo, como la dirección, la fecha, la cantidad o el precio, y agrega al menos una imagen. Al guardar, el anuncio queda En Revisión hasta que el equipo de moderación lo apruebe.',
    references: [
      { to: '/publications/new', title: 'Publicar', description: 'Crea un anuncio nuevo.' },
      { to: '/auth/new', title: 'Crear cuenta', description: 'Regístrate gratis para publicar.' },
    ],
  },
  {
    key: 'que-tipo-de-anuncio',
    question: '¿En qué tipo de anuncio publico lo que ofrezco?',
    answer:
      'Depende de lo que ofreces. Si regalas, vendes o cambias materiales para que se reutilicen, como frascos, cartón, telas o palets, elige Mercado de Materiales y aclara en la descripción si los regalas, los vendes o qué te gustaría recibir a cambio. Si vendes un producto ecológico o un servicio, elige Productos y Servicios. Si organizas una actividad con fecha y lugar, como una feria, un taller o una jornada de limpieza, elige Eventos y Talleres; si das un curso, Cursos y Academia. Si tienes un lugar que recibe residuos separados, como un punto verde o un centro de acopio, elige Puntos de Reciclaje. Los Consejos los escribe el equipo de EcoAnuncios. Publicar es gratis, pero necesitas una cuenta.',
    references: [
      { to: '/publications/new', title: 'Publicar', description: 'Elige el tipo y completa el anuncio.' },
      { to: '/auth/new', title: 'Crear cuenta', description: 'Regístrate gratis para publicar.' },
    ],
  },
  {
    key: 'en-revision',
    question: '¿Por qué mi publicación dice «En Revisión»?',
    answer:
      'Todas las publicaciones nuevas pasan por una revisión del equipo de moderación antes de mostrarse al público, para cuidar que sean reales, correspondan a su categoría y respeten los Términos de Uso. Mientras tanto, tu anuncio muestra la etiqueta En Revisión; cuando se aprueba, cambia a Publicado y cualquier persona puede verlo. Puedes revisar y editar tus anuncios desde Mi Panel, en Mis publicaciones.',
    references: [
      {
        to: '/dashboard/publications',
        title: 'Mis publicaciones',
        description: 'Tus anuncios y su estado.',
      },
      { to: '/terms', title: 'Términos de Uso', description: 'Qué se puede publicar y qué no.' },
    ],
  },
  {
    key: 'carrito-de-contacto',
    question: '¿Cómo funciona el carrito de contacto y WhatsApp?',
    answer:
      'Cuando un anuncio te interesa, presiona su botón de carrito para agregarlo; el carrito agrupa los anuncios según la persona que los publicó y se guarda en tu navegador, así que no necesitas una cuenta. Ábrelo con el botón flotante, revisa los anuncios de cada persona y envía el mensaje: se abrirá WhatsApp con un texto ya escrito que incluye los títulos elegidos. Después puedes vaciar el carrito de esa persona; la entrega, el pago y cualquier otro acuerdo los coordinan ustedes directamente.',
    references: [
      { to: '/publications', title: 'Explorar', description: 'Busca anuncios para agregar al carrito.' },
    ],
  },
  {
    key: 'eventos-por-fecha',
    question: '¿Cómo encuentro eventos y cursos por fecha?',
    answer:
      'En Eventos y Talleres y en Cursos y Academia ves primero lo que está por venir, empezando por lo más próximo. Elige «Hoy», «Este fin de semana», «Próximos 7 días» o «Este mes», o indica un rango de días; se combinan con la búsqueda, el lugar y los demás filtros, y el día se cuenta en el horario del país del evento. Lo que ya terminó está en «Pasados», y en su página dice «Finalizado». Desde la página de cada evento o curso puedes agregarlo a tu calendario.',
    references: [
      { to: '/publications?what=events', title: 'Eventos y Talleres', description: 'Lo que está por venir.' },
      { to: '/publications?what=courses', title: 'Cursos y Academia', description: 'Formaciones con fecha.' },
    ],
  },
  {
    key: 'guardar-anuncios',
    question: '¿Cómo guardo un anuncio para verlo después?',
    answer:
      'Con tu cuenta iniciada, presiona «Guardar» (el ícono del marcador) en la tarjeta del anuncio o en su página; si no iniciaste sesión, te pediremos que lo hagas y volverás al mismo lugar. Los encuentras en Mi Panel, en «Guardados», del más reciente al más antiguo; si un anuncio deja de estar publicado, lo verás marcado así. Si quien lo publicó cambia el precio o la fecha, te avisamos con una notificación. Quien publica solo ve cuántas personas guardaron su anuncio, nunca quiénes.',
    references: [
      { to: '/dashboard/favorites', title: 'Guardados', description: 'Los anuncios que guardaste.' },
      { to: '/publications', title: 'Explorar', description: 'Busca anuncios para guardar.' },
    ],
  },
  {
    key: 'instalar-la-app',
    question: '¿Puedo instalar EcoAnuncios en mi teléfono?',
    answer:
      'Sí, sin pasar por una tienda de aplicaciones. En Android, abre EcoAnuncios en Chrome, toca el menú de los tres puntos y elige “Instalar aplicación” o “Agregar a la pantalla principal” (son opciones del navegador). En iPhone, ábrelo en Safari, toca Compartir y elige “Agregar a inicio”. Se abre a pantalla completa, con accesos directos a Explorar, Publicar y el asistente si mantienes presionado el ícono. Los anuncios y las páginas que abriste hace poco se pueden leer sin conexión; las páginas de tu cuenta no se guardan en el teléfono, y un formulario que envíes sin conexión no se manda: te avisamos y lo que escribiste queda ahí para enviarlo después. Cuando hay una versión nueva verás «Hay una nueva versión» con el botón «Recargar».',
    references: [
      { to: '/publications', title: 'Explorar', description: 'Los anuncios publicados.' },
      { to: '/bot', title: 'Asistente', description: 'Pregúntale lo que buscas.' },
    ],
  },
  {
    key: 'notificaciones-push',
    question: '¿Cómo recibo notificaciones en el teléfono aunque EcoAnuncios esté cerrado?',
    answer:
      'Inicia sesión y abre la campana de notificaciones: presiona «Recibir notificaciones en este dispositivo» y acepta el permiso que te pide el navegador (solo lo pide cuando tocas ese botón). Para elegir qué avisos recibir, entra en Configuración: en «Notificaciones en este dispositivo» marca calificaciones, revisión de tus anuncios y denuncias, búsquedas guardadas, recordatorios y cambios en lo que guardaste, o ventas y pedidos, y presiona «Activar en este dispositivo». Cada teléfono o computadora se activa por separado; ahí mismo ves la lista de tus dispositivos y puedes «Quitar» cualquiera, o desactivar el que estás usando. En iPhone, primero instala EcoAnuncios en la pantalla de inicio.',
    references: [
      { to: '/dashboard/settings', title: 'Configuración', description: 'Elige qué notificaciones recibir.' },
      { to: '/dashboard/notifications', title: 'Notificaciones', description: 'Todas tus notificaciones.' },
    ],
  },
  {
    key: 'busquedas-guardadas',
    question: '¿Cómo me entero cuando se publica algo que estoy buscando?',
    answer:
      'Busca en Explorar con las palabras y los filtros que quieras (por ejemplo «frascos vidrio» en Córdoba), escribe un nombre y presiona «Guardar búsqueda»; si no iniciaste sesión, te pediremos que lo hagas y volverás a la misma búsqueda. Cuando se publique un anuncio que coincida, como lo encontraría Explorar (sin importar acentos, plurales ni pequeñas faltas de ortografía), te avisamos con una notificación, una sola vez por anuncio y nunca por tus propios anuncios. Además, si tienes activados los avisos por correo, recibes como mucho un resumen por día, a la mañana, con lo nuevo. En Mi Panel, en «Búsquedas guardadas», puedes abrir cada búsqueda, cambiarle el nombre, activar o desactivar su aviso y su resumen por e-mail, o eliminarla. Puedes guardar hasta 50 búsquedas.',
    references: [
      { to: '/dashboard/searches', title: 'Búsquedas guardadas', description: 'Tus búsquedas con aviso.' },
      { to: '/publications', title: 'Explorar', description: 'Busca y guarda la búsqueda.' },
    ],
  },
  {
    key: 'me-interesa',
    question: '¿Cómo me recuerdan un evento o un curso?',
    answer:
      'Con tu cuenta iniciada, presiona «Me interesa» en la tarjeta o en la página del evento o curso; si no iniciaste sesión, te pediremos que lo hagas y volverás al mismo evento. Lo encuentras en Mi Panel, en «Mi agenda», con lo próximo primero y lo que ya pasó en «Pasados». Te avisamos 24 horas antes con una notificación y, si tienes activados los avisos por correo, con un correo que trae el evento para agregarlo a tu calendario. Si quieres otro aviso 1 hora antes, activa «Recordarme también 1 hora antes» en Configuración. Si cambian la fecha o el lugar, te avisamos y el recordatorio se mueve con la nueva fecha. Quien organiza ve los nombres de quienes marcaron «Me interesa», con un enlace a su perfil, nunca su correo ni su teléfono.',
    references: [
      { to: '/dashboard/agenda', title: 'Mi agenda', description: 'Los eventos y cursos que te interesan.' },
      { to: '/dashboard/settings', title: 'Configuración', description: 'El recordatorio de 1 hora antes.' },
      { to: '/publications?what=events', title: 'Eventos y Talleres', description: 'Lo que está por venir.' },
    ],
  },
  {
    key: 'agregar-al-calendario',
    question: '¿Cómo agrego un evento o un curso a mi calendario?',
    answer:
      'Abre la página del evento o del curso y busca «Agregar a mi calendario». Con «Descargar archivo .ics» bajas un archivo que abren el calendario del celular, Google Calendar, Outlook o Apple Calendar; si quien lo publicó cambia la fecha, vuelve a descargarlo y tu calendario reemplaza el anterior. Con «Google Calendar» se abre Google Calendar con el evento ya completado para que lo guardes. No necesitas una cuenta para ninguna de las dos opciones.',
    references: [
      { to: '/publications?what=events', title: 'Eventos y Talleres', description: 'Actividades con fecha.' },
      {
        to: '/publications?what=courses',
        title: 'Cursos y Academia',
        description: 'Formaciones ambientales.',
      },
    ],
  },
  {
    key: 'suscribirse-a-calendarios',
    question: '¿Puedo ver los eventos en mi calendario sin tener que agregarlos uno por uno?',
    answer:
      'Sí. En Eventos y Talleres o en Cursos y Academia, elige el lugar, los materiales o la búsqueda que te interesan y abre «Suscribirme a este calendario»: con «Suscribirme (webcal)» tu teléfono o tu calendario se suscribe, y con «Google Calendar» lo agregas allí; también puedes copiar la «Dirección del calendario». Tu calendario lo actualiza solo, con lo que viene y lo de los últimos 30 días, y no necesitas una cuenta. Si tienes cuenta, en Configuración está «Tu calendario personal»: un enlace secreto con tus eventos y cursos y los que guardaste. Solo te lo mostramos al crearlo; si lo perdiste o alguien más lo tiene, presiona «Cambiar enlace» y el anterior deja de funcionar en el acto.',
    references: [
      {
        to: '/publications?what=events',
        title: 'Eventos y Talleres',
        description: 'Suscríbete a sus fechas.',
      },
      { to: '/dashboard/settings', title: 'Configuración', description: 'Tu calendario personal.' },
    ],
  },
  {
    key: 'materiales-para-regalar',
    question: 'Tengo materiales que quiero regalar, ¿qué hago?',
    answer:
      'Publícalos en Mercado de Materiales: elige ese tipo al publicar, aclara en la descripción que los regalas, marca el tipo de material (por ejemplo Telas/Trapos, Tetrabrik o Telgopor, también llamado icopor) y agrega una foto. Para que quienes los necesiten puedan escribirte por WhatsApp, carga tu teléfono en tu perfil. Si son residuos que nadie va a reutilizar, busca un punto de reciclaje cercano en Puntos de Reciclaje.',
    references: [
      {
        to: '/publications/new',
        title: 'Publicar',
        description: 'Crea un anuncio en Mercado de Materiales.',
      },
      {
        to: '/publications?what=barter',
        title: 'Mercado de Materiales',
        description: 'Materiales que otras personas regalan o venden.',
      },
      {
        to: '/publications?what=dots',
        title: 'Puntos de Reciclaje',
        description: 'Dónde entregar lo que no se reutiliza.',
      },
    ],
  },
  {
    key: 'calificar-usuario',
    question: '¿Cómo califico a otra persona?',
    answer:
      'Inicia sesión y abre el perfil de la persona desde uno de sus anuncios. En el formulario de calificación elige las estrellas, escribe si quieres un comentario de entre 6 y 300 caracteres y presiona Enviar. Si más tarde cambias de opinión, vuelve a su perfil, modifica tu calificación y presiona Guardar.',
    references: [
      { to: '/auth', title: 'Iniciar sesión', description: 'Necesitas una cuenta para calificar.' },
      { to: '/terms', title: 'Términos de Uso', description: 'Reglas para calificaciones honestas.' },
    ],
  },
  {
    key: 'editar-perfil-y-datos-de-pago',
    question: '¿Cómo edito mi perfil y mis datos de pago?',
    answer:
      'Inicia sesión y entra en Configuración, dentro de Mi Panel. En tu perfil presiona el botón de edición para cambiar tu foto, nombre, teléfono o WhatsApp, país, provincia, ciudad y dirección; en Datos de pago, también tras activar la edición, puedes escribir un texto libre de hasta 540 caracteres que indique cómo recibes pagos, sin incluir contraseñas ni números de tarjeta. Tu correo electrónico no se puede cambiar allí: para hacerlo, escríbenos a hola@ecoanuncios.org.',
    references: [
      { to: '/dashboard/settings', title: 'Configuración', description: 'Tu perfil y tus datos de pago.' },
      {
        to: 'mailto:hola@ecoanuncios.org?subject=Cambio%20de%20correo%20electr%C3%B3nico',
        title: 'Escríbenos',
        description: 'Para cambiar el correo de tu cuenta.',
      },
    ],
  },
  {
    key: 'proteccion-de-datos',
    question: '¿Cómo protegen mis datos?',
    answer:
      'Guardamos tus datos en servidores que administramos (las imágenes pueden alojarse en un servicio de almacenamiento contratado, que solo las guarda por nuestra cuenta) y nunca los vendemos. Usamos la cookie de tu sesión y otra que dura un minuto para mostrarte el resultado de un formulario, sin rastreadores publicitarios. Tu contraseña se guarda protegida con un algoritmo de hash, de modo que nadie puede leerla, y al subir una imagen eliminamos sus metadatos EXIF, incluida la ubicación GPS. Tu correo electrónico no se muestra públicamente, y tu teléfono solo se usa para que otras personas te escriban por WhatsApp desde tus anuncios. El detalle está en la Política de Privacidad, que sigue la Ley 25.326 de Argentina y la Ley 1581 de 2012 de Colombia.',
    references: [
      { to: '/privacy', title: 'Política de Privacidad', description: 'Qué datos tratamos y para qué.' },
      { to: '/dashboard/settings', title: 'Configuración', description: 'Descarga o elimina tus datos.' },
    ],
  },
  {
    key: 'descargar-mis-datos',
    question: '¿Cómo descargo los datos que EcoAnuncios guarda sobre mí?',
    answer:
      'Inicia sesión, entra en Configuración, dentro de Mi Panel, y presiona «Descargar mis datos». Al instante recibes un archivo JSON con todo lo que guardamos sobre ti: tu cuenta, tu perfil, tus datos de pago, tus anuncios con las direcciones de sus imágenes, las imágenes que subiste, tus sesiones abiertas, las calificaciones que diste y recibiste, tus notificaciones, tu cuenta de Mercado Pago si la conectaste, tus compras y ventas, los contactos que hiciste desde el carrito, las denuncias que hiciste, los anuncios que guardaste, los dispositivos con notificaciones push que activaste, si tienes un calendario personal (sin su enlace secreto), tus búsquedas guardadas con los anuncios que te avisaron y los eventos que te interesan. Nunca incluye tu contraseña. Desde el mismo lugar puedes corregir tu perfil o eliminar tu cuenta.',
    references: [
      { to: '/dashboard/settings', title: 'Configuración', description: 'Descarga tus datos.' },
      { to: '/privacy', title: 'Política de Privacidad', description: 'Tus derechos sobre tus datos.' },
    ],
  },
  {
    key: 'eliminar-cuenta',
    question: '¿Cómo elimino mi cuenta?',
    answer:
      'Puedes hacerlo tú mismo: inicia sesión, entra en Configuración, dentro de Mi Panel, y presiona «Eliminar mi cuenta». Te pediremos tu contraseña para confirmar, y en ese momento borramos tu cuenta, tu perfil, tus anuncios, tus imágenes y tus sesiones. No se puede deshacer, y tu correo queda libre por si algún día quieres volver. Si quieres guardar una copia antes, usa «Descargar mis datos» en la misma página. Si olvidaste tu contraseña, recupérala primero con «¿Olvidaste tu contraseña?» al iniciar sesión. Es un derecho que te reconocen la Ley 25.326 en Argentina y la Ley 1581 de 2012 en Colombia.',
    references: [
      {
        to: '/dashboard/settings',
        title: 'Configuración',
        description: 'Elimina tu cuenta con tu contraseña.',
      },
      { to: '/auth/reset', title: 'Recuperar contraseña', description: 'Si no recuerdas tu contraseña.' },
      { to: '/privacy', title: 'Política de Privacidad', description: 'Tus derechos sobre tus datos.' },
    ],
  },
  {
    key: 'correos',
    question: '¿Qué correos me envía EcoAnuncios y cómo dejo de recibirlos?',
    answer:
      'Las notificaciones aparecen siempre en la campana de la barra superior: cuando publican o devuelven a revisión tus anuncios, cuando alguien te califica y cuando vendes o compras con Mercado Pago. Además te avisamos por correo, salvo que lo desactives: en Configuración, dentro de Mi Panel, apaga «Recibir avisos por correo», o abre el enlace para dejar de recibir avisos que trae cada correo y confirma con el botón, sin necesidad de iniciar sesión; tu programa de correo también puede ofrecerte darte de baja con un clic. Los correos de tu cuenta, como la activación o el cambio de contraseña, llegan siempre que los pides.',
    references: [
      {
        to: '/dashboard/settings',
        title: 'Configuración',
        description: 'Activa o desactiva los avisos por correo.',
      },
      { to: '/dashboard/notifications', title: 'Notificaciones', description: 'Todas tus notificaciones.' },
    ],
  },
  {
    key: 'denunciar',
    question: '¿Cómo denuncio un anuncio o un perfil, y qué pasa después?',
    answer:
      'En el anuncio o en el perfil presiona «Denunciar», elige el motivo (spam, producto prohibido, estafa, contenido ofensivo, categoría equivocada u otro) y, si quieres, agrega un comentario; para «Otro» el comentario es obligatorio. Puedes denunciar con o sin cuenta; sin cuenta, tu navegador pasa antes una verificación automática. El equipo de moderación revisa cada denuncia: puede desestimarla, devolver el anuncio a revisión o despublicarlo, y si varias personas denuncian un anuncio publicado, se oculta hasta que el equipo lo revise. Si tienes cuenta, te avisamos qué se decidió. Si denuncian tu anuncio, te avisamos el resultado y el motivo, sin decirte quién lo denunció, y puedes editarlo desde Mis publicaciones.',
    references: [
      { to: '/publications', title: 'Explorar', description: 'Abre el anuncio que quieres denunciar.' },
      { to: '/terms', title: 'Términos de Uso', description: 'Qué se puede publicar y qué no.' },
    ],
  },
  {
    key: 'mercado-pago',
    question: '¿Cómo compro o vendo con Mercado Pago?',
    answer:
      'Si quien publica un producto, un servicio o un curso conectó su cuenta de Mercado Pago, el anuncio muestra el botón Comprar: eliges la cantidad, pagas en Mercado Pago y el dinero va directamente a quien vende. Para vender así, entra en Configuración, dentro de Mi Panel, y conecta tu cuenta de Mercado Pago; puedes desconectarla cuando quieras. EcoAnuncios nunca ve ni guarda los datos de tu tarjeta: guarda el pedido (qué se compró, la cantidad, el precio y cada cambio del estado del pago) para que comprador y vendedor lo vean en Mis compras y Mis ventas, y les avisa cuando el pago cambia. Si el sitio no tiene los pagos en línea habilitados, el botón no aparece y se acuerda todo por WhatsApp.',
    references: [
      {
        to: '/dashboard/settings',
        title: 'Configuración',
        description: 'Conecta tu cuenta de Mercado Pago.',
      },
      { to: '/dashboard/shopping', title: 'Mis compras', description: 'Tus pedidos y su estado.' },
      { to: '/dashboard/sales', title: 'Mis ventas', description: 'Lo que vendiste.' },
    ],
  },
  {
    key: 'verificacion-humana',
    question: '¿Por qué me piden comprobar que soy una persona?',
    answer:
      'Para frenar a los programas que crean cuentas falsas o envían spam. Al crear una cuenta, pedir un cambio de contraseña, reenviar la activación, denunciar sin cuenta o usar el Asistente Virtual sin cuenta, tu navegador resuelve una verificación automática: no tienes que elegir imágenes y suele tardar unos segundos. Con una cuenta iniciada el Asistente no te la pide. Si falla, espera un momento y vuelve a intentarlo; la verificación necesita que la página termine de cargar.',
    references: [
      { to: '/auth/new', title: 'Crear cuenta', description: 'Con una cuenta, el Asistente no te la pide.' },
      { to: '/privacy', title: 'Política de Privacidad', description: 'Qué datos tratamos y para qué.' },
    ],
  },
  {
    key: 'apoyar-el-proyecto',
    question: '¿Cómo puedo apoyar a EcoAnuncios?',
    answer:
      'Puedes apadrinar el proyecto con una suscripción o hacer una donación libre por transferencia a nuestro alias bancario; ambas opciones aparecen al presionar el botón del corazón en la barra superior cuando no has iniciado sesión. Los aportes se destinan al alojamiento del sitio, a la moderación de las publicaciones y al asistente virtual. También ayudas publicando información útil, como puntos de reciclaje de tu ciudad, y compartiendo EcoAnuncios.',
    references: [{ to: '/thanks', title: 'Gracias', description: 'Cómo usamos los aportes.' }],
  },
  {
    key: 'que-significa-beta',
    question: '¿Qué significa que EcoAnuncios esté en beta?',
    answer:
      'Significa que la plataforma ya funciona y se puede usar, pero todavía la estamos mejorando, así que puede haber errores o cambios en algunas pantallas. Si encuentras un problema o tienes una sugerencia, escríbenos a hola@ecoanuncios.org y cuéntanos en qué página estabas, qué hiciste, qué esperabas y qué pasó.',
    references: [
      { to: '/beta', title: 'EcoAnuncios beta', description: 'Qué funciona y en qué estamos trabajando.' },
      {
        to: 'mailto:hola@ecoanuncios.org?subject=Problema%20en%20EcoAnuncios',
        title: 'Reportar un problema',
        description: 'Escríbenos por correo.',
      },
    ],
  },
  {
    key: 'paises',
    question: '¿En qué países está disponible EcoAnuncios?',
    answer:
      'Por ahora en Argentina, con las provincias de Buenos Aires, Córdoba, Mendoza, San Luis, Santiago del Estero y Tucumán, y en Colombia, con los departamentos de Antioquia, Boyacá y Cesar. Puedes explorar los anuncios desde cualquier lugar, pero sus ubicaciones se eligen entre esas zonas. Queremos llegar a más países de América Latina: si te gustaría ver EcoAnuncios en tu región, escríbenos a hola@ecoanuncios.org.',
    references: [
      {
        to: '/publications',
        title: 'Explorar',
        description: 'Filtra los anuncios por país, provincia y ciudad.',
      },
      {
        to: 'mailto:hola@ecoanuncios.org?subject=EcoAnuncios%20en%20mi%20regi%C3%B3n',
        title: 'Escríbenos',
        description: 'Cuéntanos dónde te gustaría usar EcoAnuncios.',
      },
    ],
  },
  {
    key: 'asistente-virtual',
    question: '¿Qué es el Asistente Virtual?',
    answer:
      'Es un chat que responde preguntas sobre EcoAnuncios, por ejemplo cómo publicar, cómo encontrar un punto de reciclaje o cómo apoyar el proyecto. Puedes abrirlo en la sección Asistente Virtual; en el celular también tienes un botón flotante que lleva a él. Sus respuestas son orientativas: si necesitas ayuda de una persona del equipo, escríbenos a hola@ecoanuncios.org.',
    references: [
      { to: '/bot', title: 'Asistente Virtual', description: 'Haz tu pregunta en el chat.' },
      { to: '/questions', title: 'Preguntas frecuentes', description: 'Todas las respuestas en un lugar.' },
    ],
  },
];
