import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from './dispatch';

const Form = z.object({
  title: z.string().max(5),
  name: z.string().min(1),
  code: z.string().min(3),
  count: z.number().int().max(10),
  kind: z.enum(['pmv', 'hmv']),
  tags: z.array(z.string()).max(2),
  email: z.email(),
  custom: z.string().max(2, 'A message of its own, word for word'),
});

const messageFor = (body: Record<string, unknown>) => {
  const result = Form.safeParse({
    title: 'ok',
    name: 'n',
    code: 'abc',
    count: 1,
    kind: 'pmv',
    tags: [],
    email: 'a@b.org',
    custom: 'x',
    ...body,
  });
  return result.success ? null : describeZodError(result.error);
};

describe('refusals of input read as sentences', () => {
  it.each([
    [{ title: 'too long' }, 'title: is at most 5 characters long'],
    [{ name: '' }, 'name: is required'],
    [{ name: undefined }, 'name: is required'],
    [{ code: 'ab' }, 'code: is at least 3 characters long'],
    [{ count: 'many' }, 'count: must be a number'],
    [{ count: null }, 'count: must be a number, not empty'],
    [{ count: 11 }, 'count: is at most 10'],
    [{ kind: 'xxx' }, 'kind: must be one of: pmv, hmv'],
    [{ tags: ['a', 'b', 'c'] }, 'tags: holds at most 2 items'],
    [{ email: 'nope' }, 'email: is not an e-mail address'],
    [{ custom: 'long' }, 'custom: A message of its own, word for word'],
  ])('%j → %s', (body, message) => {
    expect(messageFor(body)).toBe(message);
  });
});
