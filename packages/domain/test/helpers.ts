import { expect } from 'vitest';
import type { z } from 'zod';

export interface Issue {
  path: string;
  message: string;
}

/** Every issue of a parse, with its path joined by dots ('' for the root). */
export function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Messages reported on one path. */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  return issuesOf(schema, input)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}

/** Parses input that must be valid and returns the output. */
export function parseValid<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  expect(result.success ? [] : result.error.issues).toEqual([]);
  return result.data as z.output<T>;
}

export interface LengthCase {
  length: number;
  /** The single message expected on the field, or null when the length is valid. */
  message: string | null;
}

/** The four boundaries of a length rule: min - 1 and max + 1 fail with their messages, min and max pass. */
export function lengthCases(
  limits: { min: number; max: number },
  messages: { belowMin: string; aboveMax: string },
): LengthCase[] {
  return [
    { length: limits.min - 1, message: messages.belowMin },
    { length: limits.min, message: null },
    { length: limits.max, message: null },
    { length: limits.max + 1, message: messages.aboveMax },
  ];
}

/** A text of `length` characters that reads like words (spaces inside, none at the ends). */
export function textOf(length: number): string {
  return 'abcde '
    .repeat(Math.ceil(length / 6) + 1)
    .slice(0, length)
    .replace(/ $/, 'x');
}
