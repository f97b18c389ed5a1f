import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * Every setting Cutroom reads from the environment, with its default. `.env.example` lists the
 * same variables; a test keeps the two in step.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  SITE_NAME: z.string().default('Cutroom'),
  OPERATOR_NAME: z.string().default('The Cutroom operators'),
  OPERATOR_EMAIL: z.string().default('contact@example.com'),
  OPERATOR_ADDRESS: z.string().default('(postal address of the operator)'),
  AD_URL: z.string().default('https://example.com/advertise'),
  AD_TEXT: z.string().default('Advertise on this site and reach its community.'),
  AD_CTA_TEXT: z.string().default('Learn more'),
  AD_BANNER_URL: z.string().default('https://example.com/partner'),
  AD_BANNER_TEXT: z.string().default('Visit our partner'),
  BUILD_POLL_SECONDS: z.coerce.number().int().min(10).default(60),
  SEED_DEMO: booleanFromEnv,
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

/** Reads and checks the environment; a wrong value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
}
