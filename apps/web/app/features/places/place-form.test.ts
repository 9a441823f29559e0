import { describe, expect, it } from 'vitest';
import { addRange, copyToWeekdays, pointOfInputs, toggleDay, withDay } from './place-form';

describe('pointOfInputs', () => {
  it('reads numbers and typed text inside Argentina or Colombia', () => {
    expect(pointOfInputs(-31.4201, -64.1888)).toEqual({ lat: -31.4201, lng: -64.1888 });
    expect(pointOfInputs('4.711', '-74.0721')).toEqual({ lat: 4.711, lng: -74.0721 });
  });

  it('holds no point when an input is empty, not a number or outside both countries', () => {
    expect(pointOfInputs('', -64)).toBeNull();
    expect(pointOfInputs('abc', -64)).toBeNull();
    expect(pointOfInputs(40.4168, -3.7038)).toBeNull();
  });
});

describe('the opening-hours editor', () => {
  it('opens a closed day at 9:00–18:00 and closes it again', () => {
    const opened = toggleDay([], 1);
    expect(opened).toEqual([{ day: 1, opens: '09:00', closes: '18:00' }]);
    expect(toggleDay(opened, 1)).toEqual([]);
  });

  it('adds a range after the last one, never more than three a day', () => {
    let hours = withDay([], 2, [{ opens: '09:00', closes: '13:00' }]);
    hours = addRange(hours, 2);
    expect(hours).toEqual([
      { day: 2, opens: '09:00', closes: '13:00' },
      { day: 2, opens: '14:00', closes: '16:00' },
    ]);
    hours = addRange(addRange(hours, 2), 2);
    expect(hours.filter((range) => range.day === 2)).toHaveLength(3);
  });

  it('copies a day to Monday through Friday, keeping the weekend, in week order', () => {
    const hours = withDay(withDay([], 6, [{ opens: '10:00', closes: '12:00' }]), 1, [
      { opens: '08:00', closes: '17:00' },
    ]);
    const copied = copyToWeekdays(hours, 1);
    expect(copied.map((range) => range.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(copied.every((range) => range.day === 6 || range.opens === '08:00')).toBe(true);
  });
});
