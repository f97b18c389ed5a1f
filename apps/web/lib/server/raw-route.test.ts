import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@cutroom/core/api/endpoints';
import { RAW_ROUTES } from '@cutroom/core/api/raw-routes';

const APP = new URL('../../app/', import.meta.url).pathname;

/** Every route.ts under app/, with the path the router serves it at (route groups dropped). */
function routeFiles(dir = APP): { file: string; path: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (entry.name !== 'route.ts') return [];
    const segments = relative(APP, dir)
      .split(sep)
      .filter((segment) => segment && !/^\(.*\)$/.test(segment));
    return [{ file: relative(APP, full), path: `/${segments.join('/')}` }];
  });
}

const files = routeFiles();

describe('routes declare the right they need', () => {
  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map(({ file, path }) => [path, file] as const))(
    '%s is a declared JSON endpoint or a declared raw route',
    (path, file) => {
      const source = readFileSync(join(APP, file), 'utf8');
      // A route that runs a declared endpoint through `dispatch` (a no-script form) has its right.
      const isEndpoint = /create(Post|Mode)Handler\(|\bdispatch\(\s*\w+Endpoint\b/.test(source);
      const isRawRoute = /\brawRoute(<[^>]*>)?\(|\bmemberEventRoute\(/.test(source);
      expect(
        isEndpoint || isRawRoute,
        `${file} neither dispatches an endpoint nor uses rawRoute`,
      ).toBe(true);
      if (isRawRoute) {
        expect(
          RAW_ROUTES.map((route) => route.path),
          `${path} is missing from RAW_ROUTES (packages/core/src/api/raw-routes.ts)`,
        ).toContain(path);
      }
    },
  );

  it('serves every endpoint of the API list at its path', () => {
    const served = new Set(files.map((entry) => entry.path));
    const unserved = endpoints.map((endpoint) => endpoint.path).filter((path) => !served.has(path));
    expect(unserved).toEqual([]);
  });

  it('declares no raw route that has no route file', () => {
    const served = new Set(files.map((entry) => entry.path));
    for (const route of RAW_ROUTES) expect(served, route.path).toContain(route.path);
  });

  it('exports only the methods each raw route declares', () => {
    for (const route of RAW_ROUTES) {
      const entry = files.find((candidate) => candidate.path === route.path)!;
      const source = readFileSync(join(APP, entry.file), 'utf8');
      const exported = [
        ...source.matchAll(
          /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ),
      ].map((match) => match[1]);
      expect(exported.sort(), route.path).toEqual([...route.methods].sort());
    }
  });
});
