// The folder rule of packages/core (`npm run deps:check`, after .dependency-cruiser.mjs): the
// product's folders import each other without a cycle. Tests and test support are left out of
// this graph: a test beside the code uses test-support, which uses the code, and that is no
// cycle of the product (docs/architecture.md).

import base from './.dependency-cruiser.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'core-folders-without-cycles',
      severity: 'error',
      comment:
        'Folders of packages/core import each other one way: a folder cycle makes its folders ' +
        'one unit, none of which can be understood, tested or moved alone.',
      // Every folder: the layers and each feature folder (decision 0049).
      from: { path: '^packages/core/src/' },
      to: { circular: true },
      scope: 'folder',
    },
    {
      name: 'core-features-through-their-index',
      severity: 'error',
      comment:
        'A feature uses another through what that one offers, its index.ts: the rest of a ' +
        'feature folder is its own, and can change without the others knowing.',
      from: { path: '^packages/core/src/features/([^/]+/[^/]+)/' },
      to: {
        path: '^packages/core/src/features/[^/]+/[^/]+/',
        pathNot: [
          '^packages/core/src/features/$1/',
          '^packages/core/src/features/[^/]+/[^/]+/index\\.ts$',
        ],
      },
    },
  ],
  options: {
    ...base.options,
    exclude: {
      path: [...base.options.exclude.path, '\\.test\\.tsx?$', '(^|/)test-support/'],
    },
  },
};
