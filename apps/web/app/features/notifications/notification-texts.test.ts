import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel } from './bell-texts';
import { kindColor, parseUnreadEvent, unreadSummary } from './notification-texts';

describe('notification texts', () => {
  it('words the unread count in singular and plural', () => {
    expect(unreadSummary(0)).toBe('No tienes notificaciones sin leer');
    expect(unreadSummary(1)).toBe('Tienes 1 notificación sin leer');
    expect(unreadSummary(2)).toBe('Tienes 2 notificaciones sin leer');
  });

  it('shows the badge only for unread notifications and caps it at 99+', () => {
    expect(badgeText(null)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notificaciones');
    expect(bellLabel(1)).toBe('Notificaciones, 1 sin leer');
    expect(bellLabel(3)).toBe('Notificaciones, 3 sin leer');
  });

  it('colours the kinds, anything unknown as info', () => {
    expect(kindColor('success')).toBe('green');
    expect(kindColor('danger')).toBe('red');
    expect(kindColor('warning')).toBe('yellow');
    expect(kindColor('info')).toBe('blue');
    expect(kindColor('other')).toBe('blue');
  });

  it('reads the count of a stream event and ignores anything else', () => {
    expect(parseUnreadEvent('{"unread":4}')).toBe(4);
    expect(parseUnreadEvent('{"unread":0}')).toBe(0);
    expect(parseUnreadEvent('3')).toBeNull();
    expect(parseUnreadEvent('{"unread":-1}')).toBeNull();
    expect(parseUnreadEvent('{"unread":"3"}')).toBeNull();
    expect(parseUnreadEvent('not json')).toBeNull();
    expect(parseUnreadEvent(undefined)).toBeNull();
  });
});
