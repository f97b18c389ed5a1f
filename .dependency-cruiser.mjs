// Which module may import which: `npm run deps:check` (a step of `npm test`).
// docs/decisions/0023-boundaries-checked-by-dependency-cruiser.md says why this tool and
// what ESLint still checks. Paths are relative to the repository's root.

import { fileURLToPath } from 'node:url';

/** Our own code: the workspaces and the entry points beside them. */
const OURS = '^(apps|packages|e2e|bench|scripts)/';
/** Next.js and React, installed or not (an import that does not resolve keeps its bare name). */
const FRAMEWORK = '(^|/)node_modules/(next|react|react-dom)/|^(next|react|react-dom)(/|$)';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes its modules one unit: none can load, be tested or be split off alone. ' +
        'Move what both sides need into a third module both import.',
      from: { path: OURS },
      to: { circular: true },
    },
    {
      name: 'core-platform-at-the-bottom',
      severity: 'error',
      comment:
        'The platform of packages/core (database, configuration, logging, storage, cache, ' +
        'mail, jobs, events, uploaded files) serves everything above it and knows none of it.',
      from: { path: '^packages/core/src/platform/', pathNot: TEST_FILE },
      to: { path: '^packages/core/src/', pathNot: '^packages/core/src/platform/' },
    },
    {
      name: 'core-kernel-and-access-below-features',
      severity: 'error',
      comment:
        'The kernel (endpoints, dispatch, the call context, errors) and access (the rights ' +
        'table and its rules) stand on the platform alone: a feature adds to the call context ' +
        'by declaring its field (FeatureServices), not by being imported.',
      from: { path: '^packages/core/src/(kernel|access)/', pathNot: TEST_FILE },
      to: { path: '^packages/core/src/(features|api)/' },
    },
    {
      name: 'core-features-below-the-api',
      severity: 'error',
      comment:
        'packages/core/src/api composes every feature into the API (the registry, raw routes, ' +
        'OpenAPI); nothing under it imports it, or it would depend on every feature.',
      from: { path: '^packages/core/src/(kernel|access|platform|features)/', pathNot: TEST_FILE },
      to: { path: '^packages/core/src/api/' },
    },
    {
      name: 'test-support-out-of-the-product',
      severity: 'error',
      comment:
        "Test support (factories, harnesses, stand-ins) lives in each package's test-support/ " +
        'and serves tests, e2e and bench only; product code never imports it.',
      from: {
        path: '^(apps|packages)/',
        pathNot: [TEST_FILE, '^packages/(core|media)/test-support/'],
      },
      to: { path: '^packages/(core|media)/test-support/' },
    },
    {
      name: 'web-routes-on-top',
      severity: 'error',
      comment:
        'apps/web/app holds the routes: they use components and lib, and nothing else in the ' +
        'web app imports a route (a component that needs something of a page takes it as a prop).',
      from: { path: '^apps/web/', pathNot: ['^apps/web/app/', TEST_FILE] },
      to: { path: '^apps/web/app/' },
    },
    {
      name: 'web-lib-sides-apart',
      severity: 'error',
      comment:
        'apps/web/lib/server runs in the server process (runtime, page cache, edge, media, ' +
        'uploads); apps/web/lib/client runs in the browser (the API helper, hooks). The browser ' +
        'side never imports the server side, and what both use (lib/ itself) imports neither.',
      from: { path: '^apps/web/lib/(client/|[^/]+$|ads/)', pathNot: TEST_FILE },
      to: { path: '^apps/web/lib/server/' },
    },
    {
      name: 'web-lib-shared-below-sides',
      severity: 'error',
      comment:
        'What both sides use (apps/web/lib itself) knows neither side: the server and the ' +
        'browser each import it.',
      from: { path: '^apps/web/lib/([^/]+$|ads/)', pathNot: TEST_FILE },
      to: { path: '^apps/web/lib/client/' },
    },
    {
      name: 'core-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'packages/core is the domain: the web app, the worker and the tools use it, never ' +
        'the reverse.',
      from: { path: '^packages/core/' },
      to: { path: '^(apps|packages/(media|player)|e2e|bench|scripts)/' },
    },
    {
      name: 'domain-without-framework',
      severity: 'error',
      comment:
        'packages/core and packages/media run outside a Next.js request (the worker, the ' +
        'command line, tests): they must not depend on Next.js or React.',
      from: { path: '^packages/(core|media)/' },
      to: { path: FRAMEWORK },
    },
    {
      name: 'media-imports-core-only',
      severity: 'error',
      comment:
        'packages/media is the worker: of our code it uses the domain only, so it runs ' +
        'without the web app.',
      from: { path: '^packages/media/' },
      to: { path: '^(apps|packages/player|e2e|bench|scripts)/' },
    },
    {
      name: 'player-imports-no-workspace',
      severity: 'error',
      comment: 'The player is published for other sites: it must not import any workspace package.',
      from: { path: '^packages/player/' },
      to: { path: '^(apps|packages/(core|media)|e2e|bench|scripts)/' },
    },
    {
      name: 'tools-are-leaves',
      severity: 'error',
      comment:
        'e2e, bench and scripts sit on top of everything: no product code imports them, ' +
        'and none of them imports another.',
      from: { path: '^(apps|packages|e2e|bench|scripts)/' },
      to: { path: '^(e2e|bench|scripts)/', pathNot: '^$1/' },
    },
  ],
  options: {
    // Type-only imports count: a type cycle is still two modules that cannot stand alone.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias, as apps/web/tsconfig.json has it (that one has no baseUrl, which
    // the resolver needs).
    tsConfig: {
      fileName: fileURLToPath(new URL('.dependency-cruiser.tsconfig.json', import.meta.url)),
    },
    doNotFollow: { path: ['(^|/)node_modules/', '^packages/player/dist/'] },
    exclude: {
      path: [
        '(^|/)\\.next/',
        '(^|/)data/',
        '(^|/)\\.cutroom/',
        '(^|/)next-env\\.d\\.ts$',
        '^packages/player/demo/vendor/',
      ],
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.d.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
