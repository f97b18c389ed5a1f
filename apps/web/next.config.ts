import type { NextConfig } from 'next';

// One id per build: the client compares it with /builds/latest.json to offer a reload. Next.js
// reads this file at build time, before loadConfig() exists, so the build's own environment
// (BUILD_ID) is read here; runtime settings come from loadConfig().
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ['@cutroom/core', '@cutroom/media'],
  // Loaded from node_modules at run time, not bundled: PGlite reads its WASM files from its
  // package folder, and the server and the pages must share one copy of the database layer.
  serverExternalPackages: ['@electric-sql/pglite', 'drizzle-orm', 'pg', 'pino', 'pg-boss'],
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // `npm test` type-checks every workspace with tsc before building; no need to do it twice.
  typescript: { ignoreBuildErrors: true },
  // unauthorized() answers 401 for a video that is no longer accessible (docs/videos.md,
  // docs/messages.md).
  experimental: {
    authInterrupts: true,
    // Turbopack keeps a cache of the build on disk for the next one. A CI checkout is built
    // once and thrown away: writing it cost a quarter of the build's CPU (92.8 s of user time
    // against 70.5 s without) and, beside the unit tests, minutes of disk writes.
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
  },
  // Only the embed page may be framed by other sites; everything else by this site alone.
  async headers() {
    return [
      {
        source: '/((?!video/embed/).*)',
        headers: [
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      {
        source: '/video/embed/:id*',
        headers: [{ key: 'Content-Security-Policy', value: 'frame-ancestors *' }],
      },
    ];
  },
};

export default nextConfig;
