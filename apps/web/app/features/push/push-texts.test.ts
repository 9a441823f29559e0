import { describe, expect, it } from 'vitest';
import { deviceName } from './push-texts';

describe('deviceName', () => {
  it('names a device by its system and browser', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Android · Chrome');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPhone o iPad · Safari');
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Windows · Firefox');
    expect(deviceName(null)).toBe('Dispositivo');
    expect(deviceName('curl/8')).toBe('Dispositivo');
  });
});
