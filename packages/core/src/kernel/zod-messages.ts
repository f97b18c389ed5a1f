import { z } from 'zod';

const KIND_NAMES: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a web address',
  regex: 'in the expected form',
  uuid: 'an id',
  datetime: 'a date and time',
};

const plural = (count: number | bigint, one: string, many: string) =>
  `${count} ${Number(count) === 1 ? one : many}`;

/**
 * Refusals of input in words a person reads ("at most 200 characters long", "is required"), for
 * every schema that names no message of its own; the site's own messages (docs/messages.md), set on
 * their schemas, take precedence. Set once for the process.
 */
export function humanZodMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.input === null)
        return `must be ${KIND_NAMES[issue.expected] ?? issue.expected}, not empty`;
      return `must be ${KIND_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') {
        return `is at most ${plural(issue.maximum, 'character', 'characters')} long`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `holds at most ${plural(issue.maximum, 'item', 'items')}`;
      }
      return `is at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'is required'
          : `is at least ${plural(issue.minimum, 'character', 'characters')} long`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `needs at least ${plural(issue.minimum, 'item', 'items')}`;
      }
      return `is at least ${String(issue.minimum)}`;
    case 'invalid_value': {
      const values = issue.values.slice(0, 8).map(String);
      return `must be one of: ${values.join(', ')}${issue.values.length > 8 ? ', …' : ''}`;
    }
    case 'invalid_format':
      return `is not ${FORMAT_NAMES[issue.format] ?? `a valid ${issue.format}`}`;
    case 'unrecognized_keys':
      return `has fields this call does not take: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

z.config({ customError: humanZodMessage });
