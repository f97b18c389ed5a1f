// Facts of the build, not settings of the running site: Next.js writes NEXT_PUBLIC_BUILD_ID
// (set by next.config.ts) and NODE_ENV into the bundles when it builds, and only a literal
// `process.env.NAME` read is replaced, so these reads stay here. Runtime settings come from
// loadConfig() (packages/core/src/platform/config/config.ts), the only other reader of process.env.

/** The id of this build; pages compare it with /builds/latest.json to offer a reload. */
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID;

/** A development build (`npm run dev`): error pages may show their stack. */
export const IS_DEVELOPMENT_BUILD = process.env.NODE_ENV === 'development';
