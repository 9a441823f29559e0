import { describe, expect, it } from 'vitest';
import {
  moderationReasonSchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportFormSchema,
  reportSchema,
} from '../../src/index.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('report schemas', () => {
  it('has a Spanish label for every reason', () => {
    expect(REPORT_REASONS).toEqual(['spam', 'prohibido', 'estafa', 'ofensivo', 'categoria', 'otro']);
    expect(REPORT_REASON_LABELS).toMatchObject({
      prohibido: 'Producto prohibido',
      estafa: 'Estafa o fraude',
      ofensivo: 'Contenido ofensivo',
      categoria: 'Categoría equivocada',
      otro: 'Otro',
    });
  });

  it('takes an optional comment of 6 to 300 characters, required for otro', () => {
    expect(reportFormSchema.parse({ reason: 'spam', comment: '  ' })).toEqual({
      reason: 'spam',
      comment: null,
    });
    expect(messagesOf(reportFormSchema.safeParse({ reason: 'otro', comment: '' }))).toEqual([
      'Cuéntanos el motivo en el comentario',
    ]);
    expect(messagesOf(reportFormSchema.safeParse({ reason: 'spam', comment: 'corto' }))).toEqual([
      'El comentario es demasiado corto (min: 6)',
    ]);
    expect(messagesOf(reportFormSchema.safeParse({ reason: '' }))).toEqual(['El motivo es obligatorio']);
    expect(messagesOf(reportFormSchema.safeParse({ reason: 'feo' }))).toEqual(['El motivo es incorrecto']);
  });

  it('the API body names its target and may carry the captcha', () => {
    const parsed = reportSchema.parse({
      targetType: 'user',
      targetId: ' abc ',
      reason: 'otro',
      comment: 'Pide datos bancarios por mensaje',
      captcha: 'x',
    });
    expect(parsed).toMatchObject({ targetType: 'user', targetId: 'abc', captcha: 'x' });
    expect(messagesOf(reportSchema.safeParse({ targetType: 'tip', targetId: 'a', reason: 'spam' }))).toEqual([
      'El tipo de denuncia es incorrecto',
    ]);
  });

  it('a decision that hides something says why', () => {
    expect(messagesOf(moderationReasonSchema.safeParse({ reason: '' }))).toEqual([
      'El motivo es obligatorio',
    ]);
    expect(moderationReasonSchema.parse({ reason: ' Fotos ajenas ' })).toEqual({ reason: 'Fotos ajenas' });
  });
});
