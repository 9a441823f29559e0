import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isValidMediaKey, type MediaStorage } from '../src/modules/media/storage.ts';

describe('local media storage', () => {
  let parent: string;
  let mediaDir: string;
  let storage: MediaStorage;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'eco-media-storage-'));
    mediaDir = path.join(parent, 'media');
    storage = createLocalStorage(mediaDir);
  });

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('saves into nested folders, replaces, and leaves no temporary file behind', async () => {
    await storage.save('uploads/user-1/a.webp', Buffer.from('first'), 'image/webp');
    await storage.save('uploads/user-1/a.webp', Buffer.from('second'), 'image/webp');

    expect(await readFile(path.join(mediaDir, 'uploads', 'user-1', 'a.webp'), 'utf8')).toBe('second');
    expect(await readdir(path.join(mediaDir, 'uploads', 'user-1'))).toEqual(['a.webp']);
  });

  it('removes a file, and ignores one that does not exist', async () => {
    await storage.save('uploads/user-2/b.webp', Buffer.from('b'), 'image/webp');

    await storage.remove('uploads/user-2/b.webp');
    await storage.remove('uploads/user-2/b.webp');
    await storage.remove('uploads/nobody/never.webp');

    await expect(stat(path.join(mediaDir, 'uploads', 'user-2', 'b.webp'))).rejects.toThrow(/ENOENT/);
  });

  it('maps keys to /media/ URLs and back', () => {
    expect(storage.publicUrl('uploads/user-1/a.webp')).toBe('/media/uploads/user-1/a.webp');
    expect(storage.publicUrl('demo/foto ñandú.webp')).toBe('/media/demo/foto%20%C3%B1and%C3%BA.webp');
    expect(storage.keyFromUrl('/media/uploads/user-1/a.webp')).toBe('uploads/user-1/a.webp');
    expect(storage.keyFromUrl(storage.publicUrl('demo/foto ñandú.webp'))).toBe('demo/foto ñandú.webp');
  });

  it.each([
    'https://elsewhere.example/media/uploads/a.webp',
    '//elsewhere.example/media/a.webp',
    '/static/a.webp',
    '/media/',
    '/media/../secret.txt',
    '/media/uploads/../../secret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/uploads/..%2F..%2Fsecret.txt',
    '/media/uploads//a.webp',
    '/media/uploads/a.webp?v=2',
    '/media/%E0%A4%A.webp',
    'media/uploads/a.webp',
  ])('does not take %s as one of its URLs', (url) => {
    expect(storage.keyFromUrl(url)).toBeNull();
  });

  it.each([
    '../escape.webp',
    'uploads/../../escape.webp',
    '/etc/passwd',
    'uploads\\..\\x',
    'a//b',
    './a',
    '',
    'a\u0000b',
  ])('refuses the key %j', async (key) => {
    expect(isValidMediaKey(key)).toBe(false);
    await expect(storage.save(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid media key/);
    await expect(storage.remove(key)).rejects.toThrow(/Invalid media key/);
    expect(() => storage.publicUrl(key)).toThrow(/Invalid media key/);
  });

  it('never writes outside its folder', async () => {
    expect(await readdir(parent)).toEqual(['media']);
  });
});
