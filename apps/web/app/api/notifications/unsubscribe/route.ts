import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import { UnsubscribeToken } from '@cutroom/core/features/people/notifications/notifications.schema';
import { unsubscribeRoute } from '@cutroom/core/features/people/notifications/notifications.routes';
import { unsubscribeByToken } from '@cutroom/core/features/people/notifications/notifications.service';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/**
 * One-click unsubscribe (RFC 8058): the mail program POSTs `List-Unsubscribe=One-Click` to the
 * URL of the List-Unsubscribe header, whose signed token names the member and the kind; no
 * sign-in. The /unsubscribe page's button posts here too, and is sent back to that page.
 */
/**
 * Opening the List-Unsubscribe address (a person who copies it, a mail program that only
 * offers GET) shows the /unsubscribe page for its token, which asks before it changes anything.
 */
export const GET = rawRoute(unsubscribeRoute, async (request) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return new Response(null, {
    status: 303,
    headers: { location: `/unsubscribe?token=${encodeURIComponent(token)}` },
  });
});

export const POST = rawRoute(unsubscribeRoute, async (request) => {
  const { config, database, accounts } = await getRuntime();
  const url = new URL(request.url);
  const body = await request.text().catch(() => '');
  const fromMailProgram = /(^|&)List-Unsubscribe=One-Click(&|$)/.test(body);
  const parsed = UnsubscribeToken.safeParse(url.searchParams.get('token') ?? '');
  const page = (query: string) =>
    new Response(null, {
      status: 303,
      headers: { location: new URL(`/unsubscribe?${query}`, config.PUBLIC_URL).toString() },
    });
  try {
    if (!parsed.success) throw new ServiceError('invalid', 'This unsubscribe link is not valid');
    const { kinds } = await unsubscribeByToken(
      { db: database.db, now: () => new Date() },
      accounts.settings.secret,
      parsed.data,
    );
    if (fromMailProgram) return new Response('Unsubscribed', { status: 200 });
    return page(`done=${encodeURIComponent(kinds.join(','))}`);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (fromMailProgram) return new Response(error.message, { status: 400 });
    return page('invalid=1');
  }
});
