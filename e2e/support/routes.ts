import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVerifiedUser } from './accounts';
import { STAFF_EMAIL } from './global-setup';
import { baseUrl, siteDataDir } from './browser';
import { profileVideoState, sessionCookie, uploadPublishedVideo, uploadVideo } from './videos';

const appDir = new URL('../../apps/web/app', import.meta.url).pathname;

/** Every page route of the site, from its folders ((group) folders add nothing to a path). */
export function pageRoutes(dir = appDir, prefix = ''): string[] {
  const routes: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) {
      if (name === 'page.tsx') routes.push(prefix || '/');
      continue;
    }
    const segment = /^\(.*\)$/.test(name) ? '' : `/${name}`;
    routes.push(...pageRoutes(path, `${prefix}${segment}`));
  }
  return routes.sort();
}

/** Who may enter a staff page: its route group's right (the layout checks it). */
export type StaffRole = 'tagger' | 'moderator' | 'admin';

/**
 * The pages of the staff route groups and the role that may enter each: app/(tagger) needs the
 * tag right (a tagger), app/(staff) the moderate right (a moderator), app/(admin) the
 * administer right (an admin). The page tests
 * visit them signed in as the staff account (an admin, who holds both).
 */
export function staffRoutes(): Record<string, StaffRole> {
  const roles: Record<string, StaffRole> = {};
  for (const [group, role] of [
    ['(tagger)', 'tagger'],
    ['(staff)', 'moderator'],
    ['(admin)', 'admin'],
  ] as const) {
    const dir = join(appDir, group);
    try {
      for (const route of pageRoutes(dir)) roles[route] = role;
    } catch {
      // The group has no pages yet.
    }
  }
  return roles;
}

/**
 * Runs `make` once per server run, whichever test file asks first: files run two at a time in
 * processes of their own, so the first claims `name` with a lock file in the server's data
 * folder (created exclusively) and the others wait for the answer it writes beside it.
 */
async function oncePerSite<T>(name: string, make: () => Promise<T>): Promise<T> {
  const dir = join(siteDataDir(), 'e2e-once');
  mkdirSync(dir, { recursive: true });
  const answer = join(dir, `${name}.json`);
  let claimed = true;
  try {
    writeFileSync(join(dir, `${name}.lock`), String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    claimed = false;
  }
  if (claimed) {
    let written: { value?: T; error?: string };
    try {
      written = { value: await make() };
    } catch (error) {
      written = { error: String(error) };
    }
    writeFileSync(`${answer}.part`, JSON.stringify(written));
    renameSync(`${answer}.part`, answer);
    if (written.error !== undefined) throw new Error(written.error);
    return written.value as T;
  }
  const deadline = Date.now() + 170_000;
  for (;;) {
    let text: string | undefined;
    try {
      text = readFileSync(answer, 'utf8');
    } catch {
      // Not written yet.
    }
    if (text !== undefined) {
      const written = JSON.parse(text) as { value?: T; error?: string };
      if (written.error !== undefined) {
        throw new Error(`${name} failed in another test file: ${written.error}`);
      }
      return written.value as T;
    }
    if (Date.now() > deadline) throw new Error(`${name} was not made by another test file in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let staffAccount: Promise<{ username: string; email: string; password: string }> | null = null;

/**
 * The staff account (an admin: global-setup names its address in ADMIN_EMAILS), made once
 * per server run; later test files reuse it.
 */
export function createStaffAccount() {
  staffAccount ??= oncePerSite('staff-account', async () => {
    const credentials = {
      username: 'e2estaff',
      email: STAFF_EMAIL,
      password: 'e2e-staff-password',
    };
    await createVerifiedUser({ username: credentials.username, password: credentials.password });
    return credentials;
  });
  return staffAccount;
}

/**
 * A member with a published video, a playlist and a sent message, and a real address for
 * every dynamic route; `text` goes into the title, description, playlist name and message.
 */
export async function createRouteFixtures(text: { title: string; description?: string }) {
  const member = await createVerifiedUser();
  const cookie = await sessionCookie(member.email, member.password);
  const other = await createVerifiedUser();
  // The same pictures again from another member make a held copy of the video, whose hold page
  // (/reuploads/[id]) its owner may open (docs/reuploads.md). Four seconds: a copy matches on
  // six pictures (two a second), and three seconds left no margin (a CI run published the copy).
  const seed = Math.floor(Math.random() * 2 ** 31);
  const video = await uploadPublishedVideo(cookie, {
    title: text.title,
    username: member.username,
    seconds: 4,
    seed,
  });
  const otherCookie = await sessionCookie(other.email, other.password);
  const copy = await uploadVideo(otherCookie, { title: 'A copy', seconds: 4, seed });
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  if (text.description) {
    await call('/api/v2/videoInput', {
      mode: 'ChangeVideo',
      _id: video.id,
      description: text.description,
      labels: { tag: [text.title.slice(0, 60)] },
    });
    await call('/api/v2/profileInput', { mode: 'UpdateProfile', description: text.description });
  }
  // Comments with a long unbroken word and a long link: the video page must not scroll sideways.
  const comment = await call('/api/v2/comments', {
    mode: 'Create',
    videoId: video.id,
    text: `${(text.description ?? text.title).slice(0, 1200)} at 0:01 ${'W'.repeat(180)} https://example.org/${'a'.repeat(150)}`,
  });
  await call('/api/v2/comments', {
    mode: 'Create',
    videoId: video.id,
    parentId: comment.id,
    text: `${text.title.slice(0, 500)} ${'R'.repeat(160)}`,
  });
  const playlist = await call('/api/v2/playlists', {
    mode: 'create',
    name: text.title.slice(0, 100),
    thumbnail: video.id,
  });
  const message = await call('/api/messages/send', {
    recipient: other.username,
    subject: text.title.slice(0, 150),
    message: text.description ?? text.title,
  });
  // A support ticket with the same long text: its thread must not scroll sideways either.
  const ticket = await call('/api/tickets', {
    mode: 'Create',
    category: 'other',
    subject: text.title.slice(0, 150),
    message: `${text.description ?? text.title} ${'T'.repeat(180)}`.slice(0, 5000),
  });
  await waitUntilHeld(cookie, copy.id, { cookie: otherCookie, username: other.username });
  const month = new Date().toISOString().slice(0, 7);
  const paths: Record<string, string> = {
    '/archive/[month]': `/archive/${month}`,
    '/category/[id]': '/category/other',
    '/creator/[id]': '/creator/someone',
    '/inbox/[id]': `/inbox/${String(message.id)}`,
    '/moderation/support/[id]': `/moderation/support/${String(ticket.id)}`,
    '/music/[id]': '/music/something',
    '/playlist/[id]': `/playlist/${String(playlist._id)}`,
    '/playlist/video/[id]': `/playlist/video/${String(playlist._id)}`,
    '/profile/[id]': `/profile/${member.username}`,
    '/reuploads/[id]': `/reuploads/${copy.id}`,
    '/search/[id]': '/search/hardening',
    '/star/[id]': '/star/someone',
    '/ticket/history/[id]': `/ticket/history/${String(ticket.id)}`,
    '/tags/[id]': `/tags/${encodeURIComponent(text.title.slice(0, 60))}`,
    '/video/[id]': `/video/${video.slug}_${video.id}`,
    '/video/embed/[id]': `/video/embed/${video.id}`,
    '/moderation/video/[id]': `/moderation/video/${video.id}`,
  };
  /** The address of a route: itself, or a real one for a dynamic route. */
  const pathOf = (route: string) => paths[route] ?? route;
  const staff = await createStaffAccount();
  // The partner section (docs/partner.md), at the default PARTNER_SLUG.
  const channelVideo = await createPartnerChannel(staff);
  for (const route of [
    '',
    '/all',
    '/popular',
    '/upload',
    '/uploads',
    '/subscribe',
    '/subscriptions',
  ]) {
    paths[`/partner-section${route}`] = `/digitalfiend${route}`;
  }
  paths['/partner-section/video/[id]'] = `/digitalfiend/video/${channelVideo}`;
  // The first event's own page (/worldpmvgames2024, docs/events.md): the e2e server has no demo
  // content, so the first event is made here, open now, with the member's video entered.
  const eventId = await createFirstEvent(staff, cookie, video.id);
  paths['/events/[slug]'] = '/events/worldpmvgames2024';
  paths['/admin/events/[id]'] = `/admin/events/${eventId}`;
  return { member, staff, cookie, video, paths, pathOf };
}

/**
 * Waits until the copy's hold page opens for the owner of the video it copies. Its processing
 * waits behind every other file's uploads: when it does not come, the copy's state (from its
 * uploader's profile) says whether it was still queued, failed, or was published unmatched.
 */
async function waitUntilHeld(
  ownerCookie: string,
  copyId: string,
  uploader: { cookie: string; username: string },
  timeoutMs = 150_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl()}/reuploads/${copyId}`, {
      headers: { cookie: ownerCookie },
    });
    await response.arrayBuffer();
    if (response.status === 200) return;
    const state = await profileVideoState(uploader, copyId);
    if (state.startsWith('failed') || state === 'published') {
      throw new Error(`the copy ${copyId} was not held: ${state}`);
    }
    if (Date.now() > until) {
      throw new Error(`the copy ${copyId} was not held within ${timeoutMs / 1000} s: ${state}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The event /worldpmvgames2024 shows, made by the staff account (an admin) when it is not
 * there yet, its entry and voting windows open now, with `videoId` entered by its owner.
 * Answers the event's id.
 */
async function createFirstEvent(
  staff: { email: string; password: string },
  ownerCookie: string,
  videoId: string,
): Promise<number> {
  const post = async (cookie: string, body: unknown) => {
    const response = await fetch(`${baseUrl()}/api/v2/events`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const hour = 3_600_000;
  const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
  await oncePerSite('first-event', async () =>
    post(await sessionCookie(staff.email, staff.password), {
      mode: 'Create',
      slug: 'worldpmvgames2024',
      title: 'World PMV Games 2024',
      summary: 'The first event of the site.',
      rules: 'One video each.\nEvery verified member has one vote.',
      entriesOpenAt: at(-1),
      entriesCloseAt: at(24),
      votingOpenAt: at(-1),
      votingCloseAt: at(48),
    }),
  );
  await post(ownerCookie, { mode: 'Enter', slug: 'worldpmvgames2024', videoId });
  const event = await post(ownerCookie, { mode: 'Load', slug: 'worldpmvgames2024' });
  return Number((event.data as { id: number }).id);
}

let partnerChannel: Promise<string> | null = null;

/**
 * Forgets the accounts and channel made for the file's server, after each file
 * (support/per-file.ts): the next file may run against another server. The shared server's are
 * found again on disk (`oncePerSite`).
 */
export function forgetSiteFixtures() {
  staffAccount = null;
  partnerChannel = null;
}

/**
 * The e2e server's partner channel (docs/partner.md), made once per server run by the staff
 * account: the partner account `e2epartner` with one premium video. Answers that video's id.
 */
function createPartnerChannel(staff: { email: string; password: string }): Promise<string> {
  partnerChannel ??= oncePerSite('partner-channel', async () => {
    const partner = {
      username: 'e2epartner',
      email: 'e2epartner@example.test',
      password: 'e2e-partner-password',
    };
    const post = async (cookie: string, path: string, body: unknown) => {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    await createVerifiedUser({ username: partner.username, password: partner.password });
    await post(await sessionCookie(staff.email, staff.password), '/api/v2/partner', {
      mode: 'CreatePartner',
      username: partner.username,
      name: 'Digital Fiend',
    });
    const cookie = await sessionCookie(partner.email, partner.password);
    const video = await uploadPublishedVideo(cookie, {
      title: 'Partner channel video',
      username: partner.username,
    });
    await post(cookie, '/api/v2/partner', {
      mode: 'AddToChannel',
      videoId: video.id,
      isPremium: true,
    });
    return video.id;
  });
  return partnerChannel;
}
