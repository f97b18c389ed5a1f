import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Right } from '@cutroom/core/access/rights';
import { RIGHTS } from '@cutroom/core/access/rights';
import { dispatch } from '@cutroom/core/kernel/dispatch';
import { findEndpoint } from '@cutroom/core/api/endpoints';
import { rawRouteRefusal, type RawRoute } from '@cutroom/core/kernel/raw-route';
import { RAW_ROUTES } from '@cutroom/core/api/raw-routes';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { createVideo } from '@cutroom/core/test-support/video-factory';
import {
  CALLERS,
  contextFor,
  createCallers,
  createMediaServices,
  databaseFingerprint,
  listApiCalls,
  type Caller,
} from '../../test-support/api-access-harness';

/**
 * The designed answer of each right to each caller, written by hand: 'ok' (the call goes
 * through to its input and rules), or the refusal's status. The tests below check every call
 * of every endpoint against it, so an endpoint joins the matrix by being declared.
 */
const DESIGN: Record<Right, Record<Caller, 'ok' | 401 | 403>> = {
  view: {
    visitor: 'ok',
    unverified: 'ok',
    member: 'ok',
    'another member': 'ok',
    supporter: 'ok',
    tagger: 'ok',
    partner: 'ok',
    moderator: 'ok',
    admin: 'ok',
    disabled: 'ok',
  },
  participate: {
    visitor: 401,
    unverified: 401,
    member: 'ok',
    'another member': 'ok',
    supporter: 'ok',
    tagger: 'ok',
    partner: 'ok',
    moderator: 'ok',
    admin: 'ok',
    disabled: 401,
  },
  upload: {
    visitor: 401,
    unverified: 401,
    member: 'ok',
    'another member': 'ok',
    supporter: 'ok',
    tagger: 'ok',
    partner: 'ok',
    moderator: 'ok',
    admin: 'ok',
    disabled: 401,
  },
  tag: {
    visitor: 401,
    unverified: 401,
    member: 403,
    'another member': 403,
    supporter: 403,
    tagger: 'ok',
    partner: 403,
    moderator: 'ok',
    admin: 'ok',
    disabled: 401,
  },
  moderate: {
    visitor: 401,
    unverified: 401,
    member: 403,
    'another member': 403,
    supporter: 403,
    tagger: 403,
    partner: 403,
    moderator: 'ok',
    admin: 'ok',
    disabled: 401,
  },
  administer: {
    visitor: 401,
    unverified: 401,
    member: 403,
    'another member': 403,
    supporter: 403,
    tagger: 403,
    partner: 403,
    moderator: 403,
    admin: 'ok',
    disabled: 401,
  },
  adFree: {
    visitor: 401,
    unverified: 401,
    member: 403,
    'another member': 403,
    supporter: 'ok',
    tagger: 403,
    partner: 403,
    moderator: 403,
    admin: 403,
    disabled: 401,
  },
  partner: {
    visitor: 401,
    unverified: 401,
    member: 403,
    'another member': 403,
    supporter: 403,
    tagger: 403,
    partner: 'ok',
    moderator: 403,
    admin: 'ok',
    disabled: 401,
  },
};

/** A raw route's designed answer: its right's, with a visitor sent to sign in where it says so. */
function rawRouteDesign(route: RawRoute, caller: Caller): 'ok' | 401 | 403 | 303 {
  const design = DESIGN[route.right][caller];
  return design === 401 && route.refusal === 'sign-in' ? 303 : design;
}

const handle = await createTestDatabase();
const { db } = handle;
const calls = listApiCalls();
let callers: Awaited<ReturnType<typeof createCallers>>;
let media: Awaited<ReturnType<typeof createMediaServices>>;

beforeAll(async () => {
  callers = await createCallers(handle);
  media = await createMediaServices(handle);
});

/**
 * Inputs for the calls whose empty input means "mine" (and so asks a visitor to sign in):
 * with them the matrix asks about the right alone.
 */
const EXAMPLE_INPUTS: Record<string, () => Record<string, unknown>> = {
  '/api/v2/profileInput#LoadFriends': () => ({ username: callers.users.member.username }),
};

let ipCounter = 0;
const call = (name: string, caller: Caller, input: Record<string, unknown> = {}) => {
  const target = calls.find((entry) => entry.name === name);
  if (!target) throw new Error(`No call named ${name}`);
  const body = target.mode ? { mode: target.mode, ...input } : input;
  return dispatch(
    target.endpoint,
    body,
    contextFor(
      db,
      callers.actors[caller],
      media,
      `198.18.0.${(ipCounter++ % 250) + 1}`,
      callers.accounts,
    ),
  );
};

describe('the authorization matrix (every endpoint and mode × every kind of caller)', () => {
  it('declares a known right for every call', () => {
    expect(calls.length).toBeGreaterThan(40);
    for (const entry of calls) expect(RIGHTS, entry.name).toContain(entry.access.right);
  });

  it('resolves the unverified and the disabled account to nobody, as the server does', () => {
    expect(callers.actors.unverified).toBeNull();
    expect(callers.actors.disabled).toBeNull();
    expect(callers.actors.admin?.role).toBe('admin,moderator');
  });

  it.each(calls.map((entry) => [entry.name, entry] as const))(
    '%s answers each caller as designed',
    async (_name, entry) => {
      const answers: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const caller of CALLERS) {
        const design = DESIGN[entry.access.right][caller];
        const result = await call(entry.name, caller, EXAMPLE_INPUTS[entry.name]?.());
        expect(result.status, `${entry.name} as ${caller}`).toBeLessThan(500);
        answers[caller] =
          design === 'ok'
            ? result.status === 401 || result.status === 403
              ? `refused ${result.status}: ${String(result.body.error)}`
              : 'ok'
            : result.status;
        expected[caller] = design;
      }
      expect(answers).toEqual(expected);
    },
  );

  it.each(RAW_ROUTES.map((route) => [route.path, route] as const))(
    'the route %s answers each caller as designed',
    (_path, route) => {
      const answers: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const caller of CALLERS) {
        const refusal = rawRouteRefusal(route, callers.actors[caller], route.path);
        answers[caller] = refusal ? refusal.status : 'ok';
        expected[caller] = rawRouteDesign(route, caller);
      }
      expect(answers).toEqual(expected);
    },
  );

  it('is written out in docs/authorization.md, generated from the declarations', () => {
    const lines = [
      '# Who may call what',
      '',
      'Generated from the rights each endpoint and mode declares (`packages/core/src/access/rights.ts`)',
      'by `packages/media/src/api-access/authorization-matrix.test.ts`, which checks every cell',
      'against the running services. Regenerate with `UPDATE_AUTHORIZATION_DOC=1 npx vitest run',
      'packages/media/src/api-access`.',
      '',
      `| call | right | ${CALLERS.join(' | ')} |`,
      `| --- | --- | ${CALLERS.map(() => '---').join(' | ')} |`,
      ...calls.map(
        (entry) =>
          `| \`${entry.name}\` | ${entry.access.right} | ${CALLERS.map((caller) => {
            const design = DESIGN[entry.access.right][caller];
            return design === 'ok' ? 'yes' : String(design);
          }).join(' | ')} |`,
      ),
      '',
      'Routes that are not JSON endpoints (streams, files, redirects, webhooks), declared in',
      '`packages/core/src/api/raw-routes.ts`; 303 sends a visitor to sign in and come back.',
      '',
      `| route | right | ${CALLERS.join(' | ')} |`,
      `| --- | --- | ${CALLERS.map(() => '---').join(' | ')} |`,
      ...RAW_ROUTES.map(
        (route) =>
          `| \`${route.methods.join(', ')} ${route.path}\` | ${route.right} | ${CALLERS.map(
            (caller) => {
              const design = rawRouteDesign(route, caller);
              return design === 'ok' ? 'yes' : String(design);
            },
          ).join(' | ')} |`,
      ),
      '',
      'An unverified account cannot sign in and a disabled one loses every session, so both reach',
      'the API as a visitor. "yes" means the call goes on to its own input checks and rules (a',
      "member still cannot change another member's video); staff calls ask a visitor to sign in",
      '(401) and refuse every account without the right (403).',
      '',
    ];
    const document = lines.join('\n');
    const path = new URL('../../../../docs/authorization.md', import.meta.url);
    if (process.env.UPDATE_AUTHORIZATION_DOC) writeFileSync(path, document);
    expect(readFileSync(path, 'utf8')).toBe(document);
  });
});

describe("another member's things", () => {
  let videoId: string;
  let playlistId: string;
  let messageId: string;

  beforeAll(async () => {
    const video = await createVideo(db, { ownerId: callers.users.member.id });
    videoId = video.id;
    const spare = await createVideo(db, { ownerId: callers.users.member.id });
    const playlist = await call('/api/v2/playlists#create', 'member', {
      name: 'Mine',
      thumbnail: videoId,
    });
    expect(playlist.status).toBe(201);
    playlistId = String(playlist.body._id);
    const sent = await call('/api/messages/send', 'member', {
      recipient: callers.users.another.username,
      subject: 'Hello',
      message: 'Only for you',
    });
    expect(sent.status).toBe(201);
    messageId = String(sent.body.id);
    void spare;
  });

  afterAll(() => undefined);

  it('refuses every owner call by someone else and changes nothing', async () => {
    const before = await databaseFingerprint(db);
    const attempts: [string, Record<string, unknown>][] = [
      ['/api/v2/videoInput#ChangeVideo', { _id: videoId, title: 'Taken over' }],
      ['/api/v2/videoInput#unpublish', { _id: videoId }],
      ['/api/v2/videoInput#publish', { _id: videoId }],
      ['/api/v2/videoInput#cancel', { _id: videoId }],
      ['/api/v2/videoInput#retry', { _id: videoId }],
      ['/api/v2/videoInput#delete', { _id: videoId }],
      ['/api/v2/videoSettings#get', { _id: videoId }],
      ['/api/v2/videoSettings#SetVisibility', { _id: videoId, visibility: 'private' }],
      ['/api/v2/videoSettings#ChooseFrame', { _id: videoId, frame: 0 }],
      ['/api/v2/videoSettings#UploadPoster', { _id: videoId, image: 'iVBORw0KGgo=' }],
      [
        '/api/v2/videoSettings#AddSubtitles',
        { _id: videoId, language: 'en', label: 'English', file: 'WEBVTT\n' },
      ],
      ['/api/v2/videoSettings#DeleteSubtitles', { _id: videoId, language: 'en' }],
      ['/api/v2/videoSettings#SetEmbedSites', { _id: videoId, sites: ['https://x.example'] }],
      ['/api/v2/replaceFile', { _id: videoId, uploadId: 'c0ffee00c0ffee00c0ffee00c0ffee09' }],
      ['/api/v2/playlists#update', { _id: playlistId, name: 'Taken over' }],
      ['/api/v2/playlists#delete', { _id: playlistId }],
      ['/api/v2/playlists#removeVideo', { _id: playlistId, videoId }],
      ['/api/v2/playlists#reorder', { _id: playlistId, videoIds: [videoId] }],
    ];
    for (const [name, input] of attempts) {
      const result = await call(name, 'another member', input);
      expect([403, 404], `${name}: ${String(result.body.error)}`).toContain(result.status);
    }
    // The recipient may read the message; a third member may neither read nor delete it.
    for (const name of [
      '/api/v2/profileInput#ReadInboxMessage',
      '/api/v2/profileInput#DeleteInboxMessage',
    ]) {
      const result = await call(name, 'supporter', { id: messageId });
      expect(result.status, name).toBe(404);
    }
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it("lets staff act on any member's video, and the owner on their own", async () => {
    const byModerator = await call('/api/v2/videoInput#ChangeVideo', 'moderator', {
      _id: videoId,
      title: 'Renamed by a moderator',
    });
    expect(byModerator.status).toBe(200);
    const byOwner = await call('/api/v2/videoInput#ChangeVideo', 'member', {
      _id: videoId,
      title: 'Renamed by its owner',
    });
    expect(byOwner.status).toBe(200);
    const byTagger = await call('/api/v2/videoInput#ChangeVideo', 'tagger', {
      _id: videoId,
      title: 'Renamed by a tagger',
    });
    expect(byTagger.status).toBe(403);
    expect(findEndpoint('/api/v2/videoInput')?.modes?.ChangeVideo?.right).toBe('upload');
  });
});
