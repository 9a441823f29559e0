import { APP_NAME, APP_SLOGAN } from '@eco/domain';
import type { MailMessage } from './mailer.ts';

export type RenderedEmail = Omit<MailMessage, 'to'>;

/** A link shown as the green button (primary) or as a plain link in its own paragraph. */
export type EmailAction = { label: string; url: string; primary?: boolean };

export type EmailContent = {
  subject: string;
  /** The preview line mail clients show next to the subject. */
  preheader: string;
  heading: string;
  /** The recipient's name, for the greeting. */
  name: string;
  /** Paragraphs (plain text, escaped here) and actions, in reading order. */
  blocks: readonly (string | EmailAction)[];
  /** Why the recipient got this e-mail, for the footer. */
  reason: string;
  publicUrl: string;
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only absolute http(s) links go into an e-mail: anything else is a programming error, never user content. */
function checkedLink(url: string): string {
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new Error(
      `Refusing a link that is not an absolute http(s) URL in an e-mail: ${JSON.stringify(url)}`,
    );
  }
  return url;
}

// Inline styles only, and no tables: Gmail drops <style> blocks in some views and these few rules render everywhere.
const COLORS = { green: '#2f9e44', darkGreen: '#2b8a3e', text: '#1f2d1f', muted: '#5c6b5c', page: '#eef4ee' };
const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const PARAGRAPH = `margin:0 0 16px 0;font-size:16px;line-height:1.5;color:${COLORS.text};`;
const SMALL = `margin:0 0 12px 0;font-size:13px;line-height:1.5;color:${COLORS.muted};`;

function htmlBlock(block: string | EmailAction): string {
  if (typeof block === 'string') return `<p style="${PARAGRAPH}">${escapeHtml(block)}</p>`;
  const href = escapeHtml(checkedLink(block.url));
  if (block.primary !== true) {
    return `<p style="${PARAGRAPH}"><a href="${href}" style="color:${COLORS.darkGreen};font-weight:bold;">${escapeHtml(block.label)}</a></p>`;
  }
  return [
    `<p style="margin:28px 0;text-align:center;">`,
    `<a href="${href}" style="display:inline-block;background-color:${COLORS.green};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;padding:14px 28px;border-radius:8px;">${escapeHtml(block.label)}</a>`,
    `</p>`,
    `<p style="${SMALL}">Si el botón no funciona, copia este enlace y pégalo en tu navegador:<br>`,
    `<a href="${href}" style="color:${COLORS.darkGreen};word-break:break-all;">${escapeHtml(block.url)}</a></p>`,
  ].join('');
}

function textBlock(block: string | EmailAction): string {
  return typeof block === 'string' ? block : `${block.label}:\n${checkedLink(block.url)}`;
}

/** The e-mail in both parts, with the same words and the same links. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const home = checkedLink(content.publicUrl);
  const name = content.name.trim();
  const greeting = name === '' ? 'Hola:' : `Hola, ${name}:`;
  const signature = `${APP_NAME} · ${APP_SLOGAN}`;

  const html = [
    '<!doctype html>',
    '<html lang="es">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:${COLORS.page};">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>`,
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;${FONT}">`,
    `<div style="padding:0 8px 16px 8px;">`,
    `<a href="${escapeHtml(home)}" style="color:${COLORS.darkGreen};font-size:26px;font-weight:bold;text-decoration:none;">${escapeHtml(APP_NAME)}</a>`,
    `<div style="color:${COLORS.muted};font-size:14px;margin-top:4px;">${escapeHtml(APP_SLOGAN)}</div>`,
    `</div>`,
    `<div style="background-color:#ffffff;border-radius:12px;padding:28px 24px;">`,
    `<h1 style="margin:0 0 20px 0;font-size:22px;line-height:1.3;color:${COLORS.text};">${escapeHtml(content.heading)}</h1>`,
    `<p style="${PARAGRAPH}">${escapeHtml(greeting)}</p>`,
    ...content.blocks.map(htmlBlock),
    `<p style="${PARAGRAPH}margin-bottom:0;">El equipo de ${escapeHtml(APP_NAME)}</p>`,
    `</div>`,
    `<div style="padding:16px 8px;">`,
    `<p style="${SMALL}">${escapeHtml(content.reason)}</p>`,
    `<p style="${SMALL}">${escapeHtml(signature)} · <a href="${escapeHtml(home)}" style="color:${COLORS.muted};">${escapeHtml(home)}</a></p>`,
    `</div>`,
    `</div>`,
    '</body>',
    '</html>',
  ].join('\n');

  const text = [
    signature,
    '',
    content.heading,
    '',
    greeting,
    '',
    ...content.blocks.flatMap((block) => [textBlock(block), '']),
    `El equipo de ${APP_NAME}`,
    '',
    '--',
    content.reason,
    `${APP_NAME}: ${home}`,
    '',
  ].join('\n');

  return { subject: content.subject, text, html };
}
