import { authRoute } from '@cutroom/core/features/accounts/auth/accounts.routes';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

// better-auth's endpoints (sign-in, sign-out, verification, password reset, tokens), behind the
// site's own rules: its messages (docs/messages.md), the lock after wrong passwords, the
// foreign-origin check.
const handle = rawRoute(authRoute, async (request) => {
  const { accounts } = await getRuntime();
  return accounts.handleAuthRequest(request);
});

export const GET = handle;
export const POST = handle;
