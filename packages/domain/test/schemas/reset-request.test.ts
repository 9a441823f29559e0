import { describe, expect, it } from 'vitest';
import { resetRequestSchema } from '../../src/index.ts';
import { parseValid } from '../helpers.ts';
import { itChecksTheEmail } from './email.ts';

describe('resetRequestSchema', () => {
  itChecksTheEmail(resetRequestSchema, { email: 'ana@example.com' });

  it('holds the e-mail address only', () => {
    expect(parseValid(resetRequestSchema, { email: 'ana@example.com', password: 'x' })).toEqual({
      email: 'ana@example.com',
    });
  });
});
