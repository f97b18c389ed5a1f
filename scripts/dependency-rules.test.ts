import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The rules of .dependency-cruiser.mjs, run over a small tree laid out like the repository, so
// that a rule whose pattern stopped matching fails here instead of passing silently.
const configFile = fileURLToPath(new URL('../.dependency-cruiser.mjs', import.meta.url));
const foldersConfigFile = fileURLToPath(
  new URL('../.dependency-cruiser.folders.mjs', import.meta.url),
);

const files: Record<string, string> = {
  // Allowed: the web app uses every package; media uses core; a core feature uses the kernel,
  // access and the platform; the API composes the features; tests use test support.
  'apps/web/lib/allowed.ts':
    "import '../../../packages/core/src/api/endpoints';\nimport '../../../packages/media/src/worker';\nimport '../../../packages/player/src/index';\n",
  'packages/media/src/worker.ts': "import '../../core/src/features/videos/service';\n",
  'packages/core/src/api/endpoints.ts': "import '../features/videos/service';\n",
  'packages/core/src/features/videos/service.ts':
    "import '../../kernel/endpoint';\nimport '../../access/rights';\nimport '../../platform/db/client';\n",
  'packages/core/src/kernel/endpoint.ts':
    "import '../access/rights';\nimport './errors/service-error';\n",
  'packages/core/src/kernel/errors/service-error.ts': 'export {};\n',
  'packages/core/src/access/rights.ts':
    "import '../kernel/errors/service-error';\nimport '../platform/db/client';\n",
  'packages/core/src/platform/db/client.ts': 'export {};\n',
  'packages/core/src/platform/db/client.test.ts':
    "import '../../features/videos/service';\nimport '../../../test-support/test-db';\n",
  'packages/core/test-support/test-db.ts': "import '../src/platform/db/client';\n",
  'packages/player/src/index.ts': "import './lazy/ads-engine';\n",
  'packages/player/src/lazy/ads-engine.ts': 'export {};\n',
  'e2e/tests/site.test.ts':
    "import '../../apps/web/lib/allowed';\nimport '../../packages/core/test-support/test-db';\n",
  'scripts/setup.ts': 'export {};\n',
  // Forbidden, one of each.
  'packages/core/src/features/videos/reads-web.ts':
    "import '../../../../../apps/web/lib/allowed';\n",
  'packages/core/src/features/videos/reads-next.ts': "import 'next/headers';\n",
  'packages/core/src/features/videos/reads-api.ts': "import '../../api/endpoints';\n",
  'packages/core/src/platform/db/reads-feature.ts': "import '../../features/videos/service';\n",
  'packages/core/src/kernel/reads-feature.ts': "import '../features/videos/service';\n",
  'packages/core/src/platform/db/reads-test-support.ts':
    "import '../../../test-support/test-db';\n",
  'packages/media/src/reads-react.ts': "import 'react';\n",
  'packages/media/src/reads-player.ts': "import '../../player/src/index';\n",
  'packages/player/src/reads-core.ts': "import '../../core/src/platform/db/client';\n",
  'apps/web/app/page.tsx': "import '../lib/allowed';\n",
  'apps/web/components/reads-route.ts': "import '../app/page';\n",
  'apps/web/lib/reads-route.test.ts': "import '../app/page';\n",
  'apps/web/lib/reads-e2e.ts': "import '../../../e2e/tests/site.test';\n",
  'bench/reads-scripts.ts': "import '../scripts/setup';\n",
  'apps/web/lib/server/runtime.ts': 'export {};\n',
  'apps/web/lib/client/reads-server.ts': "import '../server/runtime';\n",
  'apps/web/lib/format.ts': "import './client/reads-server';\n",
  'packages/player/src/lazy/ads-a.ts': "import './ads-b';\n",
  'packages/player/src/lazy/ads-b.ts': "import './ads-a';\n",
  'node_modules/next/package.json': '{ "name": "next", "version": "0.0.0" }\n',
  'node_modules/next/headers.js': 'export {};\n',
};

let root = '';
let violations: string[] = [];

beforeAll(async () => {
  const config = await extractDepcruiseConfig(configFile);
  root = mkdtempSync(join(tmpdir(), 'cutroom-deps-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(
    ['apps', 'packages', 'e2e', 'bench', 'scripts'],
    {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      baseDir: root,
      tsPreCompilationDeps: true,
      doNotFollow: { path: ['(^|/)node_modules/'] },
    },
    { extensions: ['.ts', '.tsx', '.js'] },
  );
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  violations = result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('dependency rules', () => {
  it('refuse each forbidden import and a cycle (once), and nothing else', () => {
    expect(violations.sort()).toEqual(
      [
        'core-platform-at-the-bottom: packages/core/src/platform/db/reads-feature.ts → packages/core/src/features/videos/service.ts',
        'test-support-out-of-the-product: packages/core/src/platform/db/reads-test-support.ts → packages/core/test-support/test-db.ts',
        'core-kernel-and-access-below-features: packages/core/src/kernel/reads-feature.ts → packages/core/src/features/videos/service.ts',
        'core-features-below-the-api: packages/core/src/features/videos/reads-api.ts → packages/core/src/api/endpoints.ts',
        'core-imports-nothing-of-ours: packages/core/src/features/videos/reads-web.ts → apps/web/lib/allowed.ts',
        'domain-without-framework: packages/core/src/features/videos/reads-next.ts → node_modules/next/headers.js',
        'domain-without-framework: packages/media/src/reads-react.ts → react',
        'media-imports-core-only: packages/media/src/reads-player.ts → packages/player/src/index.ts',
        'no-circular: packages/player/src/lazy/ads-a.ts → packages/player/src/lazy/ads-b.ts',
        'player-imports-no-workspace: packages/player/src/reads-core.ts → packages/core/src/platform/db/client.ts',
        'web-routes-on-top: apps/web/components/reads-route.ts → apps/web/app/page.tsx',
        'tools-are-leaves: apps/web/lib/reads-e2e.ts → e2e/tests/site.test.ts',
        'tools-are-leaves: bench/reads-scripts.ts → scripts/setup.ts',
        'web-lib-sides-apart: apps/web/lib/client/reads-server.ts → apps/web/lib/server/runtime.ts',
        'web-lib-shared-below-sides: apps/web/lib/format.ts → apps/web/lib/client/reads-server.ts',
      ].sort(),
    );
  });
});

// The folder rules (.dependency-cruiser.folders.mjs): a cycle between two layer folders or two
// feature folders is one, a test that closes a loop through test support is not; a feature
// reaches another through its index.ts only.
const folderFiles: Record<string, string> = {
  'packages/core/src/kernel/endpoint.ts': "import '../access/rights';\n",
  'packages/core/src/access/rights.ts': "import '../kernel/errors/service-error';\n",
  'packages/core/src/kernel/errors/service-error.ts': 'export {};\n',
  'packages/core/src/platform/db/client.ts': 'export {};\n',
  'packages/core/src/platform/jobs/queue.ts': "import '../db/client';\n",
  'packages/core/src/platform/db/client.test.ts': "import '../../../test-support/jobs';\n",
  'packages/core/test-support/jobs.ts': "import '../src/platform/jobs/queue';\n",
  'packages/core/src/features/videos/watch/watch.service.ts':
    "import '../../library/votes';\nimport '../../../access/rights';\n",
  'packages/core/src/features/library/votes/index.ts': "export * from './votes.service';\n",
  'packages/core/src/features/library/votes/votes.service.ts': "import '../../../access/rights';\n",
  'packages/core/src/features/library/votes/votes.test.ts':
    "import '../../videos/watch/watch.service';\n",
};

describe('the folder rule', () => {
  it("refuses a cycle between folders of the product (layers and features), not one made by a test, and a feature reaching past another one's index", async () => {
    const config = await extractDepcruiseConfig(foldersConfigFile);
    const folderRoot = mkdtempSync(join(tmpdir(), 'cutroom-folders-'));
    try {
      const layout = (tree: Record<string, string>) => {
        for (const [path, text] of Object.entries(tree)) {
          mkdirSync(dirname(join(folderRoot, path)), { recursive: true });
          writeFileSync(join(folderRoot, path), text);
        }
      };
      const cycles = async () => {
        const result = await cruise(
          ['packages'],
          {
            ruleSet: { forbidden: config.forbidden },
            validate: true,
            baseDir: folderRoot,
            tsPreCompilationDeps: true,
            exclude: config.options?.exclude,
          },
          { extensions: ['.ts'] },
        );
        if (typeof result.output === 'string') throw new Error('expected a cruise result');
        return result.output.summary.violations.map((violation) => violation.rule.name);
      };
      layout(folderFiles);
      expect(await cycles()).toEqual([]);
      const votes = 'packages/core/src/features/library/votes/votes.service.ts';
      layout({ [votes]: "import '../../videos/watch/watch.service';\n" });
      expect(await cycles()).toContain('core-folders-without-cycles');
      layout({ [votes]: folderFiles[votes]! });
      expect(await cycles()).toEqual([]);
      // Past another feature's index, into its files.
      const watch = 'packages/core/src/features/videos/watch/watch.service.ts';
      layout({ [watch]: "import '../../library/votes/votes.service';\n" });
      expect(await cycles()).toEqual(['core-features-through-their-index']);
      layout({ [watch]: folderFiles[watch]! });
      layout({ 'packages/core/src/kernel/errors/service-error.ts': "import '../endpoint';\n" });
      expect(await cycles()).toContain('core-folders-without-cycles');
    } finally {
      rmSync(folderRoot, { recursive: true, force: true });
    }
  }, 60_000);
});
