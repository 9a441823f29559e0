import type { Icon } from '@tabler/icons-react';
import {
  IconCompass,
  IconFileText,
  IconHelpCircle,
  IconHome,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLogout,
  IconRobot,
  IconShieldLock,
} from '@tabler/icons-react';

export type MenuItem = { label: string; to: string; icon: Icon };

export const MEMBER_MENU: readonly MenuItem[] = [
  { label: 'Inicio', to: '/', icon: IconHome },
  { label: 'Explorar', to: '/publications', icon: IconCompass },
  { label: 'Mi Panel', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Asistente Virtual', to: '/bot', icon: IconRobot },
  { label: 'Salir', to: '/dashboard/out', icon: IconLogout },
];

export const GUEST_MENU: readonly MenuItem[] = [
  { label: 'Inicio', to: '/', icon: IconHome },
  { label: 'Explorar', to: '/publications', icon: IconCompass },
  { label: 'Nosotros', to: '/about', icon: IconInfoCircle },
  { label: 'Preguntas', to: '/questions', icon: IconHelpCircle },
  { label: 'Políticas de Privacidad', to: '/privacy', icon: IconShieldLock },
  { label: 'Términos de Uso', to: '/terms', icon: IconFileText },
];
