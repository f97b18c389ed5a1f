/**
 * How an API client gets a token, as /api shows it: with curl and with fetch (Node 18 and
 * later, or any JavaScript runtime). `e2e/tests/site-trial.test.ts` runs both against the
 * site, so the page cannot show an example that does not work (docs/accounts.md).
 */
export function tokenExamples(options: { site: string; email: string; password: string }) {
  const { site, email, password } = options;
  const credentials = JSON.stringify({ email, password });
  const curl = [
    '# 1. Sign in: the set-auth-token header is your refresh token.',
    `REFRESH=$(curl -s -D - -o /dev/null -X POST '${site}/api/auth/sign-in/email' \\`,
    `  -H 'content-type: application/json' -d '${credentials}' \\`,
    "  | tr -d '\\r' | sed -n 's/^set-auth-token: //Ip')",
    '# 2. A short-lived access token (15 minutes) from the refresh token.',
    `TOKEN=$(curl -s '${site}/api/auth/token' -H "authorization: Bearer $REFRESH" \\`,
    `  | sed 's/.*"token":"\\([^"]*\\)".*/\\1/')`,
    '# 3. Call the API with it: here, what your account may do.',
    `curl -s -X POST '${site}/api/v2/account' -H "authorization: Bearer $TOKEN" \\`,
    `  -H 'content-type: application/json' -d '{"mode":"LoadAccess"}'`,
  ].join('\n');
  const fetchExample = [
    `const site = ${JSON.stringify(site)};`,
    '// 1. Sign in: the set-auth-token header is your refresh token.',
    'const signIn = await fetch(`${site}/api/auth/sign-in/email`, {',
    "  method: 'POST',",
    "  headers: { 'content-type': 'application/json' },",
    `  body: JSON.stringify(${credentials}),`,
    '});',
    "const refreshToken = signIn.headers.get('set-auth-token');",
    '// 2. A short-lived access token (15 minutes) from the refresh token.',
    'const { token } = await (',
    '  await fetch(`${site}/api/auth/token`, {',
    '    headers: { authorization: `Bearer ${refreshToken}` },',
    '  })',
    ').json();',
    '// 3. Call the API with it: here, what your account may do.',
    'const answer = await fetch(`${site}/api/v2/account`, {',
    "  method: 'POST',",
    "  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },",
    "  body: JSON.stringify({ mode: 'LoadAccess' }),",
    '});',
    'console.log(JSON.stringify(await answer.json()));',
  ].join('\n');
  return { curl, fetch: fetchExample };
}
