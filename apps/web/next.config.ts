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
  serverExternalPackages: [
    '@electric-sql/pglite',
    'drizzle-orm',
    'pg',
    'pino',
    'pg-boss',
    'prom-client',
  ],
  generateBuildId: () => buildId,
  // Next.js's in-memory cache of rendered routes, bounded by the site's setting (read when the
  // server starts, after loadConfig() has checked it; docs/operations.md, Memory).
  cacheMaxMemorySize: Number(process.env.NEXT_CACHE_MAX_MB || 50) * 1024 * 1024,
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
  // A ticket image keeps the policy its route sets (`default-src 'none'; sandbox`): a policy
  // named here would take its place.
  async headers() {
    const framedHere = [
      { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    ];
    return [
      {
        source: '/((?!video/embed/|api/tickets/image/).*)',
        headers: [
          ...framedHere,
          { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
        ],
      },
      { source: '/api/tickets/image/:id', headers: framedHere },
      {
        source: '/video/embed/:id*',
        headers: [{ key: 'Content-Security-Policy', value: 'frame-ancestors *' }],
      },
    ];
  },
};

export default nextConfig;
