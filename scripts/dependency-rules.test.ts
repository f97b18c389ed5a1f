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

const files: Record<string, string> = {
  // Allowed: the web app uses every package; media uses core; a core feature uses the foundation.
  'apps/web/lib/allowed.ts':
    "import '../../../packages/core/src/videos/service';\nimport '../../../packages/media/src/worker';\nimport '../../../packages/player/src/index';\n",
  'packages/media/src/worker.ts': "import '../../core/src/videos/service';\n",
  'packages/core/src/videos/service.ts': "import '../db/client';\n",
  'packages/core/src/db/client.ts': 'export {};\n',
  'packages/core/src/db/client.test.ts': "import '../videos/service';\n",
  'packages/player/src/index.ts': "import './lazy/ads-engine';\n",
  'packages/player/src/lazy/ads-engine.ts': 'export {};\n',
  'e2e/tests/site.test.ts': "import '../../apps/web/lib/allowed';\n",
  'scripts/setup.ts': 'export {};\n',
  // Forbidden, one of each.
  'packages/core/src/videos/reads-web.ts': "import '../../../../apps/web/lib/allowed';\n",
  'packages/core/src/videos/reads-next.ts': "import 'next/headers';\n",
  'packages/core/src/db/reads-feature.ts': "import '../videos/service';\n",
  'packages/media/src/reads-react.ts': "import 'react';\n",
  'packages/media/src/reads-player.ts': "import '../../player/src/index';\n",
  'packages/player/src/reads-core.ts': "import '../../core/src/db/client';\n",
  'apps/web/app/page.tsx': "import '../lib/allowed';\n",
  'apps/web/components/reads-route.ts': "import '../app/page';\n",
  'apps/web/lib/reads-route.test.ts': "import '../app/page';\n",
  'apps/web/lib/reads-e2e.ts': "import '../../../e2e/tests/site.test';\n",
  'bench/reads-scripts.ts': "import '../scripts/setup';\n",
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
        'core-foundation-below-features: packages/core/src/db/reads-feature.ts → packages/core/src/videos/service.ts',
        'core-imports-nothing-of-ours: packages/core/src/videos/reads-web.ts → apps/web/lib/allowed.ts',
        'domain-without-framework: packages/core/src/videos/reads-next.ts → node_modules/next/headers.js',
        'domain-without-framework: packages/media/src/reads-react.ts → react',
        'media-imports-core-only: packages/media/src/reads-player.ts → packages/player/src/index.ts',
        'no-circular: packages/player/src/lazy/ads-a.ts → packages/player/src/lazy/ads-b.ts',
        'player-imports-no-workspace: packages/player/src/reads-core.ts → packages/core/src/db/client.ts',
        'web-routes-on-top: apps/web/components/reads-route.ts → apps/web/app/page.tsx',
        'tools-are-leaves: apps/web/lib/reads-e2e.ts → e2e/tests/site.test.ts',
        'tools-are-leaves: bench/reads-scripts.ts → scripts/setup.ts',
      ].sort(),
    );
  });
});
