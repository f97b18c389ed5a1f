import { defineConfig } from 'drizzle-kit';

// Generates reviewable SQL from src/db/schema.ts: `npm run db:generate` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/core/src/platform/db/schema.ts',
  out: './packages/core/src/platform/db/migrations',
  casing: 'snake_case',
});
