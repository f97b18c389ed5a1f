import { getRuntime } from '@/lib/runtime';

// better-auth's endpoints (sign-in, sign-out, verification, password reset, tokens), behind the
// site's own rules: spec messages, the lock after wrong passwords, the foreign-origin check.
async function handle(request: Request): Promise<Response> {
  const { accounts } = await getRuntime();
  return accounts.handleAuthRequest(request);
}

export const GET = handle;
export const POST = handle;
