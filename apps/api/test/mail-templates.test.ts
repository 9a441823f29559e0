import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/modules/mail/layout.ts';
import {
  accountExistsEmail,
  activationEmail,
  passwordChangedEmail,
  resetPasswordEmail,
} from '../src/modules/mail/templates.ts';
import { linksOf } from './helpers/smtp-inbox.ts';

const PUBLIC_URL = 'https://ecoanuncios.example';
const NAME = 'Ana "la <i>verde</i>" & Cía';

const cases = [
  {
    template: 'activation',
    email: activationEmail({ name: NAME, url: `${PUBLIC_URL}/auth/new/abc`, publicUrl: PUBLIC_URL }),
    subject: 'Activa tu cuenta de EcoAnuncios',
    links: [`${PUBLIC_URL}/auth/new/abc`],
    says: ['48 horas'],
  },
  {
    template: 'account exists',
    email: accountExistsEmail({
      name: NAME,
      signInUrl: `${PUBLIC_URL}/auth`,
      resetUrl: `${PUBLIC_URL}/auth/reset`,
      publicUrl: PUBLIC_URL,
    }),
    subject: 'Ya tienes una cuenta en EcoAnuncios',
    links: [`${PUBLIC_URL}/auth`, `${PUBLIC_URL}/auth/reset`],
    says: ['intentó crear una cuenta', 'Si no fuiste tú, ignora este correo'],
  },
  {
    template: 'reset password',
    email: resetPasswordEmail({ name: NAME, url: `${PUBLIC_URL}/auth/reset/xyz`, publicUrl: PUBLIC_URL }),
    subject: 'Restablece tu contraseña de EcoAnuncios',
    links: [`${PUBLIC_URL}/auth/reset/xyz`],
    says: ['1 hora', 'Si no lo pediste, ignora este correo'],
  },
  {
    template: 'password changed',
    email: passwordChangedEmail({ name: NAME, publicUrl: `${PUBLIC_URL}/` }),
    subject: 'Tu contraseña de EcoAnuncios cambió',
    links: [`${PUBLIC_URL}/auth`, `${PUBLIC_URL}/auth/reset`],
    says: ['Si no fuiste tú'],
  },
];

describe('e-mail templates', () => {
  it.each(cases)('$template: Spanish subject, the same links in both parts', ({ email, subject, links }) => {
    expect(email.subject).toBe(subject);
    const textLinks = linksOf(email.text, '');
    const htmlLinks = linksOf('', email.html);
    for (const link of links) {
      expect(textLinks).toContain(link);
      expect(htmlLinks).toContain(link);
    }
    expect(new Set(textLinks)).toEqual(new Set(htmlLinks));
  });

  it.each(cases)('$template: product, slogan, greeting and the reason for the e-mail', ({ email, says }) => {
    for (const part of [email.text, email.html]) {
      expect(part).toContain('EcoAnuncios');
      expect(part).toContain('Un lugar para mejorar el mundo');
      expect(part).toContain('Recibiste este correo porque');
      for (const words of says) expect(part).toContain(words);
    }
    expect(email.text).toContain(`Hola, ${NAME}:`);
    expect(email.html).toContain('Hola, Ana &quot;la &lt;i&gt;verde&lt;/i&gt;&quot; &amp; Cía:');
    expect(email.html).not.toContain('<i>verde</i>');
  });

  it.each(cases)('$template: HTML with inline styles only, no tables, and a green button', ({ email }) => {
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(email.html).not.toMatch(/<style|<table|<script/i);
    expect(email.html).toMatch(/<a href="[^"]+" style="display:inline-block;background-color:#2f9e44;/);
  });

  it('refuses links that are not absolute http(s) URLs', () => {
    expect(() => activationEmail({ name: 'Ana', url: 'javascript:alert(1)', publicUrl: PUBLIC_URL })).toThrow(
      /not an absolute http\(s\) URL/,
    );
    expect(() => activationEmail({ name: 'Ana', url: '/auth/new/abc', publicUrl: PUBLIC_URL })).toThrow();
  });

  it('escapes every interpolated value, including link addresses', () => {
    const email = renderEmail({
      subject: 'Asunto <x>',
      preheader: 'Previa & más',
      heading: 'Título "citado"',
      name: '',
      blocks: [
        "Texto con 'comillas'",
        { label: 'Botón <b>', url: 'https://eco.example/?a=1&b=<2>', primary: true },
      ],
      reason: 'Motivo',
      publicUrl: PUBLIC_URL,
    });
    expect(email.html).toContain('<title>Asunto &lt;x&gt;</title>');
    expect(email.html).toContain('Previa &amp; más');
    expect(email.html).toContain('Título &quot;citado&quot;');
    expect(email.html).toContain('Texto con &#39;comillas&#39;');
    expect(email.html).toContain('href="https://eco.example/?a=1&amp;b=&lt;2&gt;"');
    expect(email.html).toContain('Botón &lt;b&gt;');
    expect(email.text).toContain('Hola:');
    expect(email.text).toContain('Botón <b>:\nhttps://eco.example/?a=1&b=<2>');
  });
});
