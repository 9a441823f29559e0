import sharp from 'sharp';
import { SESSION_COOKIE_NAME } from '@eco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRoutes, describeSize } from '../src/modules/media/routes.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import { jpegWithGps, noisyImage, pngWithAlpha, SVG_WITH_SCRIPT, TEXT_FILE } from './fixtures/images.ts';
import { multipartBody, type FormPart } from './fixtures/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const HOUR = 3_600_000;
const SMALL_LIMIT = 64 * 1024;
const USER_ID = 'user-media-ana';

const filePart = (data: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg'): FormPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

describe('POST /media', () => {
  let subject: TestApp;
  let token: string;

  /** Every stored file's key, in the folder or the bucket. */
  async function storedFiles(): Promise<string[]> {
    const keys: string[] = [];
    for await (const { key } of subject.app.mediaStorage.list('')) keys.push(key);
    return keys.sort();
  }

  /** The stored bytes of a /media/ URL. */
  async function stored(url: string): Promise<Buffer> {
    const bytes = await subject.app.mediaStorage.read(url.slice('/media/'.length));
    if (bytes === null) throw new Error(`${url} is not stored`);
    return bytes;
  }

  function upload(parts: readonly FormPart[], options: { prefix?: string; auth?: boolean } = {}) {
    const { payload, headers } = multipartBody(parts);
    return subject.app.inject({
      method: 'POST',
      url: `${options.prefix ?? '/test'}/media`,
      payload,
      headers: options.auth === false ? headers : { ...headers, authorization: `Bearer ${token}` },
    });
  }

  beforeAll(async () => {
    subject = await createTestApp();
    const storage = subject.app.mediaStorage;
    // Two instances side by side: each parses multipart with its own limits (the plugin is encapsulated).
    await subject.app.register(mediaRoutes, {
      prefix: '/test',
      db: subject.database.db,
      storage,
      maxBytes: 10 * 1024 * 1024,
    });
    await subject.app.register(mediaRoutes, {
      prefix: '/small',
      db: subject.database.db,
      storage,
      maxBytes: SMALL_LIMIT,
    });
    const now = new Date().toISOString();
    await subject.database.db
      .insertInto('users')
      .values({
        id: USER_ID,
        email: 'ana.media@example.com',
        name: 'Ana Media',
        password_hash: 'not-used-here',
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    ({ token } = await createSession(subject.database.db, USER_ID, HOUR));
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('needs a session', async () => {
    const before = await storedFiles();

    const response = await upload([filePart(await jpegWithGps(400, 300))], { auth: false });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Necesita autorización',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a publication photo and its thumbnail as WebP without GPS, served under /media/', async () => {
    const response = await upload([filePart(await jpegWithGps(2400, 1600))]);

    expect(response.statusCode).toBe(201);
    const { url, thumbnailUrl } = response.json<{ url: string; thumbnailUrl: string }>();
    expect(url).toMatch(new RegExp(`^/media/uploads/${USER_ID}/\\d{13}-[0-9a-f]{16}\\.webp$`));
    expect(thumbnailUrl).toBe(url.replace(/\.webp$/, '.sm.webp'));

    const files = await storedFiles();
    expect(files).toContain(url.slice('/media/'.length));
    expect(files).toContain(thumbnailUrl.slice('/media/'.length));
    const onDisk = await sharp(await stored(url)).metadata();
    expect(onDisk).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(onDisk.exif).toBeUndefined();

    const served = await subject.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes(Buffer.from('EXIF'))).toBe(false);
    const thumbnail = await subject.app.inject({ method: 'GET', url: thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 360,
    });
  });

  it.each([
    ['before', (file: FormPart): FormPart[] => [{ name: 'purpose', value: 'profile' }, file]],
    ['after', (file: FormPart): FormPart[] => [file, { name: 'purpose', value: 'profile' }]],
  ])('makes a square profile picture when purpose comes %s the file', async (_order, parts) => {
    const response = await upload(parts(filePart(await pngWithAlpha(900, 600), 'perfil.png', 'image/png')));

    expect(response.statusCode).toBe(201);
    const { url, thumbnailUrl } = response.json<{ url: string; thumbnailUrl: string }>();
    const image = await sharp(await stored(url)).metadata();
    const small = await sharp(await stored(thumbnailUrl)).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(small).toMatchObject({ format: 'webp', width: 128, height: 128 });
  });

  it.each([
    ['a text file named foto.jpg', filePart(TEXT_FILE, 'foto.jpg', 'image/jpeg')],
    ['an SVG', filePart(SVG_WITH_SCRIPT, 'dibujo.svg', 'image/svg+xml')],
    ['an empty file with a name', filePart(Buffer.alloc(0), 'vacia.jpg', 'image/jpeg')],
  ])('answers 400 "El archivo es incorrecto" to %s and stores nothing', async (_name, part) => {
    const before = await storedFiles();

    const response = await upload([part]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'El archivo es incorrecto',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 with the limit in Spanish when the file is too big', async () => {
    const big = await noisyImage(800, 600).jpeg({ quality: 95 }).toBuffer();
    expect(big.length).toBeGreaterThan(SMALL_LIMIT);
    const before = await storedFiles();

    const response = await upload([filePart(big)], { prefix: '/small' });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'El archivo supera el tamaño máximo de 64 KB',
    });
    expect(await storedFiles()).toEqual(before);
    // The same image passes the 10 MB instance.
    expect((await upload([filePart(big)])).statusCode).toBe(201);
  });

  it.each([
    ['only a purpose field', [{ name: 'purpose', value: 'publication' }]],
    ['a form sent without choosing a file', [filePart(Buffer.alloc(0), '', 'application/octet-stream')]],
    ['a file in another field', [{ ...filePart(Buffer.from('x')), name: 'image' }]],
    ['no parts at all', []],
  ] as const)('answers 400 "Selecciona una imagen para subir" to %s', async (_name, parts) => {
    const response = await upload(parts);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Selecciona una imagen para subir',
    });
  });

  it('answers 400 to a request that is not multipart', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/test/media',
      payload: { file: 'foto.jpg' },
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Selecciona una imagen para subir');
  });

  it('answers 400 to two files and to an unknown purpose', async () => {
    const photo = await jpegWithGps(300, 200);

    const twoFiles = await upload([filePart(photo), filePart(photo, 'otra.jpg')]);
    const badPurpose = await upload([{ name: 'purpose', value: 'banner' }, filePart(photo)]);

    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().message).toBe('Sube una sola imagen por vez');
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json().message).toBe("El campo purpose debe ser 'profile' o 'publication'");
  });

  it('takes a browser-style upload over a real connection', async () => {
    const address = await subject.app.listen({ host: '127.0.0.1', port: 0 });
    const form = new FormData();
    form.append('purpose', 'profile');
    form.append(
      'file',
      new Blob([new Uint8Array(await jpegWithGps(640, 480))], { type: 'image/jpeg' }),
      'yo.jpg',
    );

    const response = await fetch(`${address}/test/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const served = await fetch(`${address}${url}`);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
  });

  it('is wired in the app at /api/media, for Bearer tokens and same-origin cookie requests', async () => {
    const photo = await jpegWithGps(640, 480);
    const { payload, headers } = multipartBody([filePart(photo)]);
    const cookie = `${SESSION_COOKIE_NAME}=${token}`;

    const bearer = await upload([filePart(photo)], { prefix: '/api' });
    const sameOrigin = await subject.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...headers, cookie, origin: subject.config.publicUrl },
    });
    const crossSite = await subject.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...headers, cookie, origin: 'https://elsewhere.example' },
    });

    expect(bearer.statusCode).toBe(201);
    expect(bearer.json().url).toMatch(new RegExp(`^/media/uploads/${USER_ID}/`));
    expect(sameOrigin.statusCode).toBe(201);
    expect(crossSite.statusCode).toBe(403);
  });

  it('describes the multipart form in the API description', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = response.json().paths['/test/media']?.post;

    expect(operation.tags).toEqual(['media']);
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    const form = operation.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['file']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.purpose.enum).toEqual(['profile', 'publication']);
    expect(Object.keys(operation.responses).sort()).toEqual(['201', '400', '401', '413']);
    expect(operation.responses['413'].description).toBe('El archivo supera el tamaño máximo de 10 MB');
    // The app's own route reads its limit from the configuration (10 MB by default).
    const appOperation = response.json().paths['/api/media']?.post;
    expect(appOperation.requestBody.content['multipart/form-data'].schema.properties.file.format).toBe(
      'binary',
    );
    expect(appOperation.responses['413'].description).toBe('El archivo supera el tamaño máximo de 10 MB');
  });
});

describe('describeSize', () => {
  it.each([
    [10 * 1024 * 1024, '10 MB'],
    [10_000_000, '10 MB'],
    [5.5 * 1024 * 1024, '5,5 MB'],
    [64 * 1024, '64 KB'],
    [900, '900 bytes'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(describeSize(bytes)).toBe(text);
  });
});
