// `npm test`: every check, in the order that fails fastest. No dependencies of its own.
import { CHROMIUM, FFMPEG, ensureDependencies, ensureSystemPackages, run } from './setup.mjs';

const step = (name) => console.log(`\n━━ ${name}`);

ensureDependencies();
ensureSystemPackages([FFMPEG, CHROMIUM]);

step('Type-check');
run('npm', ['run', 'typecheck', '--workspaces', '--if-present']);
step('Lint');
run('npm', ['run', 'lint']);
step('Format');
run('npm', ['run', 'format:check']);
step('Build');
run('npm', ['run', 'build']);
step('Unit and integration tests');
run('npx', ['vitest', 'run']);
step('End-to-end tests');
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']);
console.log('\n✓ All checks passed');
