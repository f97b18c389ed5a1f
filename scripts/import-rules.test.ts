import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImportMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import direction', () => {
  it('keeps Next.js and React out of the domain', async () => {
    const messages = await restrictedImportMessages(
      'packages/core/src/videos/example.ts',
      "import { headers } from 'next/headers';\nimport { useState } from 'react';\nexport { headers, useState };\n",
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/must not depend on Next\.js/);
  });

  it('keeps the web app out of the domain and the media package', async () => {
    const messages = await restrictedImportMessages(
      'packages/media/src/example.ts',
      "import { getRuntime } from '@cutroom/web/lib/runtime';\nexport { getRuntime };\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('keeps every workspace package out of the player', async () => {
    const messages = await restrictedImportMessages(
      'packages/player/src/example.ts',
      "import { users } from '@cutroom/core/db/schema';\nexport { users };\n",
    );
    expect(messages[0]).toMatch(/must not import any workspace package/);
  });

  it('lets the web app use the domain', async () => {
    const messages = await restrictedImportMessages(
      'apps/web/lib/example.ts',
      "import { users } from '@cutroom/core/db/schema';\nexport { users };\n",
    );
    expect(messages).toEqual([]);
  });
});
