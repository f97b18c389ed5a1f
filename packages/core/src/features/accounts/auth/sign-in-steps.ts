/**
 * Where a sign-in waits for its second step (the app's code, or a recovery code with
 * `kind: 'recovery'`): the sign-in page opened on the code's form, going on to `next` after.
 * `error` is the number of a refusal to show there (see the web app's form-outcome).
 */
export function secondStepPath(
  next: string,
  options: { kind?: 'recovery'; error?: string } = {},
): string {
  const query = new URLSearchParams({ step: 'code' });
  if (next !== '/') query.set('next', next);
  if (options.kind) query.set('kind', options.kind);
  if (options.error) query.set('error', options.error);
  return `/login?${query}`;
}
