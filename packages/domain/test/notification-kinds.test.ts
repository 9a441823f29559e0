import { describe, expect, it } from 'vitest';
import { toNotificationKind } from '../src/index.ts';

describe('toNotificationKind', () => {
  it('keeps success, danger and warning', () => {
    expect(toNotificationKind('success')).toBe('success');
    expect(toNotificationKind('danger')).toBe('danger');
    expect(toNotificationKind('warning')).toBe('warning');
  });

  it('reads anything else as info', () => {
    expect(toNotificationKind('info')).toBe('info');
    expect(toNotificationKind('error')).toBe('info');
    expect(toNotificationKind(null)).toBe('info');
  });
});
