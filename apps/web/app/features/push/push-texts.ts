// Spanish texts of push notifications on the web (decision 038).

export const PUSH_TEXTS = {
  title: 'Notificaciones en este dispositivo',
  description:
    'Avisos al instante en el teléfono o la computadora, aunque EcoAnuncios esté cerrado. Elegí cuáles querés recibir; cada dispositivo se activa por separado.',
  enable: 'Activar en este dispositivo',
  update: 'Guardar tipos de avisos',
  disable: 'Desactivar en este dispositivo',
  enabled: 'Listo: este dispositivo recibirá notificaciones',
  updated: 'Guardamos los tipos de avisos de este dispositivo',
  disabled: 'Este dispositivo ya no recibirá notificaciones',
  unsupported:
    'Este navegador no puede recibir notificaciones push. En iPhone, primero agregá EcoAnuncios a la pantalla de inicio.',
  denied:
    'El navegador tiene bloqueadas las notificaciones de EcoAnuncios: habilitalas en los permisos del sitio y volvé a intentar.',
  failed: 'No pudimos activar las notificaciones en este dispositivo. Intentá de nuevo más tarde.',
  devices: 'Dispositivos con notificaciones',
  noDevices: 'Ningún dispositivo recibe notificaciones todavía.',
  thisDevice: 'este dispositivo',
  remove: 'Quitar',
  removed: 'Quitamos el dispositivo',
  kinds: 'Qué avisos recibir',
  bellOffer: 'Recibir notificaciones en este dispositivo',
  bellOn: 'Este dispositivo recibe notificaciones.',
  bellChoose: 'Elegir cuáles',
} as const;

/** A short name for a device from its browser's User-Agent ("Android · Chrome"). */
export function deviceName(userAgent: string | null): string {
  if (userAgent === null) return 'Dispositivo';
  const system = /Android/i.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(userAgent)
      ? 'iPhone o iPad'
      : /Windows/i.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(userAgent)
          ? 'Mac'
          : /Linux|CrOS/i.test(userAgent)
            ? 'Linux'
            : null;
  const browser = /SamsungBrowser/i.test(userAgent)
    ? 'Samsung Internet'
    : /Edg\//i.test(userAgent)
      ? 'Edge'
      : /Firefox\//i.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//i.test(userAgent)
          ? 'Chrome'
          : /Safari\//i.test(userAgent)
            ? 'Safari'
            : null;
  return [system, browser].filter((part) => part !== null).join(' · ') || 'Dispositivo';
}
