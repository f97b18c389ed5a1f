import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../packages/core/src/platform/config/config';

const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
const listed = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]));

describe('.env.example', () => {
  it('lists every setting the configuration reads', () => {
    const missing = Object.keys(ConfigSchema.shape).filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });

  it('lists nothing the configuration does not read', () => {
    const unknown = [...listed].filter((key) => !Object.hasOwn(ConfigSchema.shape, key!));
    expect(unknown).toEqual([]);
  });
});
