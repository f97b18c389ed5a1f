import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeZodError, dispatch } from '@cutroom/core/kernel/dispatch';
import { answerSchemaOf, type Actor } from '@cutroom/core/kernel/endpoint';
import { loadConfig, type Config } from '@cutroom/core/platform/config/config';
import { hashVideoPassword } from '@cutroom/core/features/videos/settings/video-password.service';
import {
  billingCustomers,
  comments,
  liveStreams,
  reuploadHolds,
  streamKeys,
  videoPasswords,
} from '@cutroom/core/platform/db/schema';
import {
  addToChannel,
  createPartner,
  setPrice,
} from '@cutroom/core/features/money/partner/partner.service';
import { createUser } from '@cutroom/core/test-support/factories';
import { startStripeStandIn } from '@cutroom/core/test-support/stripe-stand-in';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { createVideo } from '@cutroom/core/test-support/video-factory';
import type { UploadedFiles } from '@cutroom/core/platform/uploads/uploaded-files';
import { generateTestVideo } from '../../test-support/test-video';
import {
  contextFor,
  createCallers,
  createMediaServices,
  listApiCalls,
  type Caller,
} from '../../test-support/api-access-harness';

/**
 * The contract test: every call of every endpoint (generated from the endpoint list), made
 * with a valid input by a caller allowed to make it, answers 2xx with a body its declared
 * answer schema accepts. A call without a valid example here, or an endpoint without an
 * answer schema, fails it.
 */
const handle = await createTestDatabase();
const { db } = handle;
const calls = listApiCalls();
const work = join(tmpdir(), `cutroom-contract-${process.pid}-${Date.now()}`);
let callers: Awaited<ReturnType<typeof createCallers>>;
let media: Awaited<ReturnType<typeof createMediaServices>>;

/** Finished uploads the upload call publishes: id → file and owner. */
const finishedUploads = new Map<string, { path: string; ownerId: string }>();
const uploads: UploadedFiles = {
  async find(id) {
    const upload = finishedUploads.get(id);
    if (!upload) return null;
    const { size } = await stat(upload.path);
    return { id, ownerId: upload.ownerId, path: upload.path, size, offset: size };
  },
  async remove(id) {
    finishedUploads.delete(id);
  },
};

/** Ids the example bodies refer to, made before the calls. */
const ids = {
  held: '',
  video: 'ctVideo01',
  partnerVideo: 'ctPartnr1',
  partnerSecond: 'ctPartnr2',
  second: 'ctVideo02',
  owned: 'ctOwned01',
  processing: 'ctProc001',
  failed: 'ctFail001',
  doomed: 'ctGone001',
  settings: 'ctSetngs1',
  playlist: '',
  message: '',
  approved: 'ctModAppr',
  reportDeleted: 'ctModDel1',
  unpublished: 'ctModUnp1',
  adminDeleted: 'ctModUnp2',
  suspendee: '',
  suspendeeName: '',
  heldComment: 'ctHeldCm1',
  locked: 'ctLocked1',
  wordList: '',
  myWordList: '',
  doomedComment: 'ctGoneCm1',
  comment: '',
  reply: '',
  live: 'ctLive001',
  streamer: '',
  heldCopy: 'ctHold001',
  refusedCopy: 'ctHold002',
};

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  callers = await createCallers(handle);
  media = await createMediaServices(handle);
  const { member, another } = callers.users;
  await createVideo(db, {
    id: ids.video,
    ownerId: another.id,
    category: 'koreanbj',
    labels: { star: ['Contract Star'], tag: ['contract'] },
  });
  await createVideo(db, { id: ids.second, ownerId: another.id, category: 'tiktok' });
  await createVideo(db, { id: ids.owned, ownerId: member.id, category: 'other' });
  await createVideo(db, { id: ids.processing, ownerId: member.id, status: 'processing' });
  await createVideo(db, { id: ids.failed, ownerId: member.id, status: 'failed' });
  await createVideo(db, { id: ids.doomed, ownerId: member.id });
  for (const id of [ids.approved, ids.reportDeleted, ids.unpublished, ids.adminDeleted]) {
    await createVideo(db, { id, ownerId: another.id });
  }
  await db.insert(comments).values([
    { id: ids.heldComment, videoId: ids.video, authorId: member.id, body: 'Held', status: 'held' },
    { id: ids.doomedComment, videoId: ids.video, authorId: member.id, body: 'Rude' },
  ]);
  // Two uploads of the member's held as copies of another member's video (docs/reuploads.md).
  for (const id of [ids.heldCopy, ids.refusedCopy]) {
    await createVideo(db, { id, ownerId: member.id, status: 'held' });
    await db.insert(reuploadHolds).values({
      videoId: id,
      matchedVideoId: ids.video,
      matches: [
        {
          videoId: ids.video,
          queryStart: 0,
          queryEnd: 4,
          matchStart: 2,
          matchEnd: 6,
          mirrored: false,
          matchedFrames: 8,
        },
      ],
    });
  }
  // A live on air, and its streamer's key, for staff to end and disable.
  await createVideo(db, { id: ids.live, ownerId: another.id });
  await db.insert(liveStreams).values({ videoId: ids.live, ownerId: another.id });
  await db.insert(streamKeys).values({ userId: another.id, keyHash: 'c0ffee'.padEnd(64, '0') });
  ids.streamer = another.id;
  leaver = await createUser(db);
  const suspendee = await createUser(db);
  ids.suspendee = suspendee.user.id;
  ids.suspendeeName = suspendee.user.username;
  const video = join(work, 'upload.mp4');
  await generateTestVideo({ path: video, width: 160, height: 90, seconds: 1 });
  finishedUploads.set('c0ffee00c0ffee00c0ffee00c0ffee00', { path: video, ownerId: member.id });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'testsrc=size=64x64', '-frames:v', '1', join(work, 'avatar.png')],
  ]);
  // A processed video of the member's with a candidate frame, for the settings calls.
  const prefix = `videos/${ids.settings}/vct/`;
  await media.storage.putBytes(
    `${prefix}frames/frame-1.png`,
    readFileSync(join(work, 'avatar.png')),
  );
  await createVideo(db, {
    id: ids.settings,
    ownerId: member.id,
    mediaPrefix: prefix,
    masterPlaylistKey: `${prefix}hls/master.m3u8`,
    posterKey: `${prefix}poster.jpg`,
    frameKeys: [`${prefix}frames/frame-1.png`],
  });
  // A password video (docs/videos.md), for the unlock call.
  await createVideo(db, {
    id: ids.locked,
    ownerId: another.id,
    status: 'hidden',
    visibility: 'password',
    mediaPrefix: `videos/${ids.locked}/vct/`,
    masterPlaylistKey: `videos/${ids.locked}/vct/hls/master.m3u8`,
    posterKey: `videos/${ids.locked}/vct/poster.jpg`,
  });
  await db
    .insert(videoPasswords)
    .values({ videoId: ids.locked, hash: await hashVideoPassword('contract password') });
  finishedUploads.set('c0ffee00c0ffee00c0ffee00c0ffee01', { path: video, ownerId: member.id });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Stripe's API for the supporter calls: a local stand-in (docs/billing.md), and a customer. */
let stripeStandIn: Awaited<ReturnType<typeof startStripeStandIn>> | undefined;
let billingConfig: Config;
beforeAll(async () => {
  stripeStandIn = await startStripeStandIn();
  billingConfig = loadConfig({
    NODE_ENV: 'test',
    STRIPE_SECRET_KEY: 'sk_test_contract',
    STRIPE_WEBHOOK_SECRET: 'whsec_contract',
    STRIPE_SUPPORTER_PRICE_ID: 'price_contract',
    STRIPE_API_URL: stripeStandIn.url,
  });
  await db
    .insert(billingCustomers)
    .values({ userId: callers.users.member.id, stripeCustomerId: 'cus_contract' });
});
afterAll(() => stripeStandIn?.close());

/** The partner section's channel (docs/partner.md): the partner caller's, on sale, one video. */
beforeAll(async () => {
  const owner = callers.actors.partner!;
  const now = new Date();
  const partner = await createPartner(
    { db, now: () => now },
    { username: owner.username, slug: billingConfig.PARTNER_SLUG, name: 'Contract channel' },
  );
  await setPrice({ db, now: () => now }, partner, {
    stripePriceId: 'price_partner_contract',
    priceCents: 500,
    currency: 'usd',
  });
  await createVideo(db, {
    id: ids.partnerVideo,
    ownerId: owner.id,
    masterPlaylistKey: `videos/${ids.partnerVideo}/v1/master.m3u8`,
    posterKey: `videos/${ids.partnerVideo}/v1/poster.jpg`,
  });
  await addToChannel(db, partner, ids.partnerVideo, false);
  await createVideo(db, { id: ids.partnerSecond, ownerId: owner.id });
  const path = join(work, 'partner-upload.mp4');
  await generateTestVideo({ path, width: 160, height: 90, seconds: 1 });
  finishedUploads.set('feedface'.repeat(4), { path, ownerId: owner.id });
});

interface Example {
  caller: Caller;
  body: () => Record<string, unknown>;
  /** Reads what later calls need from the answer. */
  after?: (body: Record<string, unknown>) => void;
  /** A configuration of its own (payments set up, for the supporter calls). */
  config?: () => Config;
  /** A caller of its own instead of `caller`'s (an account the call deletes). */
  actor?: () => Actor;
}

const member = () => callers.users.member.username;
let notificationId = '';
/** The tagging calls' application and label change. */
const tagging = { application: 0, change: 0 };
let ticketId = 0;
let sessionId = '';
let leaver: Awaited<ReturnType<typeof createUser>>;
let eventId = 0;
let eventForm: unknown = {};
let entryId = 0;
const another = () => callers.users.another.username;

/**
 * A valid call of each endpoint and mode, in an order where each finds the state it needs
 * (a friend request before its acceptance, a message before it is read).
 */
const EXAMPLES: [string, Example][] = [
  ['/api/checkusername', { caller: 'visitor', body: () => ({ username: 'free_name' }) }],
  [
    '/api/createuser',
    {
      caller: 'visitor',
      body: () => ({ username: 'newcomer', email: 'newcomer@example.org', password: 'secret-1' }),
    },
  ],
  ['/api/InitNewUser', { caller: 'member', body: () => ({ username: member() }) }],
  ['/api/v2/passwordPolicy', { caller: 'visitor', body: () => ({}) }],
  ['/api/v2/recaptchaConfig', { caller: 'visitor', body: () => ({}) }],
  ['/api/v2/admin#CheckAccess', { caller: 'admin', body: () => ({}) }],
  ['/api/getmorevideos', { caller: 'visitor', body: () => ({ index: 0 }) }],
  ['/api/getmorevideos', { caller: 'member', body: () => ({ query: 'video', index: 0 }) }],
  ['/api/v2/feed', { caller: 'visitor', body: () => ({}) }],
  ['/api/v2/search#KoreanBJ', { caller: 'visitor', body: () => ({ index: 0 }) }],
  ['/api/v2/search#Tiktok', { caller: 'visitor', body: () => ({ index: 0 }) }],
  ['/api/v2/search#Other', { caller: 'visitor', body: () => ({ index: 0 }) }],
  ['/api/v2/search#Newest', { caller: 'visitor', body: () => ({ index: 0 }) }],
  ['/api/v2/search#SearchStar', { caller: 'visitor', body: () => ({ star: 'Contract Star' }) }],
  ['/api/v2/search#RecommendedVideo', { caller: 'visitor', body: () => ({ videoId: ids.video }) }],
  ['/api/metadata', { caller: 'visitor', body: () => ({}) }],
  ['/api/metadata', { caller: 'visitor', body: () => ({ list: 'stars' }) }],
  ['/api/v2/view', { caller: 'visitor', body: () => ({ videoId: ids.video }) }],
  ['/api/v2/videoInput#Upvote', { caller: 'member', body: () => ({ _id: ids.video }) }],
  ['/api/v2/videoInput#Downvote', { caller: 'member', body: () => ({ _id: ids.video }) }],
  ['/api/v2/videoInput#favorite', { caller: 'member', body: () => ({ _id: ids.video }) }],
  ['/api/v2/videoInput#unfavorite', { caller: 'member', body: () => ({ _id: ids.video }) }],
  ['/api/v2/videoInput#favorite', { caller: 'member', body: () => ({ _id: ids.second }) }],
  [
    '/api/v2/videoInput#ChangeVideo',
    { caller: 'member', body: () => ({ _id: ids.owned, title: 'A new title' }) },
  ],
  ['/api/v2/videoInput#unpublish', { caller: 'member', body: () => ({ _id: ids.owned }) }],
  ['/api/v2/videoInput#publish', { caller: 'member', body: () => ({ _id: ids.owned }) }],
  ['/api/v2/live#get', { caller: 'member', body: () => ({}) }],
  ['/api/v2/live#NewKey', { caller: 'member', body: () => ({}) }],
  ['/api/v2/live#End', { caller: 'member', body: () => ({}) }],
  [
    '/api/v2/live#StaffEnd',
    { caller: 'moderator', body: () => ({ videoId: ids.live, reason: 'Contract' }) },
  ],
  ['/api/v2/live#DisableKey', { caller: 'moderator', body: () => ({ userId: ids.streamer }) }],
  [
    '/api/v2/live#SaveDetails',
    {
      caller: 'member',
      body: () => ({ title: 'Evening stream', category: 'hypno', visibility: 'unlisted' }),
    },
  ],
  [
    '/api/v2/live#Schedule',
    {
      caller: 'member',
      body: () => ({ startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
    },
  ],
  ['/api/v2/videoSettings#get', { caller: 'member', body: () => ({ _id: ids.settings }) }],
  [
    '/api/v2/videoSettings#SetVisibility',
    {
      caller: 'member',
      body: () => ({
        _id: ids.settings,
        visibility: 'private',
        viewers: [another()],
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    },
  ],
  [
    '/api/v2/videoSettings#ChooseFrame',
    { caller: 'member', body: () => ({ _id: ids.settings, frame: 0 }) },
  ],
  [
    '/api/v2/videoSettings#UploadPoster',
    {
      caller: 'member',
      body: () => ({
        _id: ids.settings,
        image: readFileSync(join(work, 'avatar.png')).toString('base64'),
      }),
    },
  ],
  [
    '/api/v2/videoSettings#AddSubtitles',
    {
      caller: 'member',
      body: () => ({
        _id: ids.settings,
        language: 'en',
        label: 'English',
        file: '1\n00:00:01,000 --> 00:00:02,000\nHello\n',
      }),
    },
  ],
  [
    '/api/v2/videoSettings#DeleteSubtitles',
    { caller: 'member', body: () => ({ _id: ids.settings, language: 'en' }) },
  ],
  ['/api/v2/videoInput#cancel', { caller: 'member', body: () => ({ _id: ids.processing }) }],
  ['/api/v2/videoInput#retry', { caller: 'member', body: () => ({ _id: ids.failed }) }],
  ['/api/v2/videoInput#delete', { caller: 'member', body: () => ({ _id: ids.doomed }) }],
  ['/api/v2/profileInput#getYourProfile', { caller: 'member', body: () => ({}) }],
  ['/api/v2/profileInput#VerifyEmail', { caller: 'member', body: () => ({}) }],
  ['/api/v2/profileInput#LoadProfile', { caller: 'visitor', body: () => ({ username: member() }) }],
  [
    '/api/v2/profileInput#UpdateProfile',
    { caller: 'member', body: () => ({ description: 'Contract', website: 'https://a.example' }) },
  ],
  [
    '/api/v2/profileInput#UpdateAvatar',
    {
      caller: 'member',
      body: () => ({ image: readFileSync(join(work, 'avatar.png')).toString('base64') }),
    },
  ],
  ['/api/v2/profileInput#RemoveAvatar', { caller: 'member', body: () => ({}) }],
  [
    '/api/v2/profileInput#LoadProfileVideos',
    { caller: 'member', body: () => ({ username: member() }) },
  ],
  [
    '/api/v2/profileInput#LoadProfileFavorites',
    { caller: 'visitor', body: () => ({ username: member() }) },
  ],
  ['/api/v2/profileInput#subscribe', { caller: 'member', body: () => ({ username: another() }) }],
  [
    '/api/v2/profileInput#getProfileSubscriptions',
    { caller: 'visitor', body: () => ({ username: member() }) },
  ],
  [
    '/api/v2/profileInput#getProfileSubscribers',
    { caller: 'visitor', body: () => ({ username: another() }) },
  ],
  [
    '/api/v2/profileInput#SendFriendRequest',
    { caller: 'member', body: () => ({ username: another() }) },
  ],
  [
    '/api/v2/profileInput#CancelFriendRequest',
    { caller: 'member', body: () => ({ username: another() }) },
  ],
  [
    '/api/v2/profileInput#SendFriendRequest',
    { caller: 'another member', body: () => ({ username: member() }) },
  ],
  [
    '/api/v2/profileInput#DeclineFriendRequest',
    { caller: 'member', body: () => ({ username: another() }) },
  ],
  [
    '/api/v2/profileInput#SendFriendRequest',
    { caller: 'another member', body: () => ({ username: member() }) },
  ],
  [
    '/api/v2/profileInput#AcceptFriendRequest',
    { caller: 'member', body: () => ({ username: another() }) },
  ],
  ['/api/v2/profileInput#LoadFriends', { caller: 'visitor', body: () => ({ username: member() }) }],
  [
    '/api/v2/profileInput#LoadFriends',
    { caller: 'member', body: () => ({ list: 'friendRequests' }) },
  ],
  [
    '/api/v2/profileInput#RemoveFriend',
    { caller: 'member', body: () => ({ username: another() }) },
  ],
  [
    '/api/v2/profileInput#SendFriendRequest',
    { caller: 'member', body: () => ({ username: another() }) },
  ],
  [
    '/api/v2/profileInput#AcceptFriendRequest',
    { caller: 'another member', body: () => ({ username: member() }) },
  ],
  ['/api/removeFriend', { caller: 'member', body: () => ({ user: another() }) }],
  ['/api/member-parts', { caller: 'member', body: () => ({ videoId: ids.video }) }],
  [
    '/api/messages/send',
    {
      caller: 'member',
      body: () => ({ recipient: another(), subject: 'Hello', message: 'A contract message' }),
      after: (body) => (ids.message = String(body.id)),
    },
  ],
  ['/api/v2/profileInput#LoadInbox', { caller: 'another member', body: () => ({}) }],
  [
    '/api/v2/profileInput#ReadInboxMessage',
    { caller: 'another member', body: () => ({ id: ids.message }) },
  ],
  [
    '/api/v2/profileInput#DeleteInboxMessage',
    { caller: 'another member', body: () => ({ id: ids.message }) },
  ],
  [
    '/api/v2/playlists#create',
    {
      caller: 'member',
      body: () => ({ name: 'Contract list', thumbnail: ids.video }),
      after: (body) => (ids.playlist = String(body._id)),
    },
  ],
  [
    '/api/v2/playlists#update',
    { caller: 'member', body: () => ({ _id: ids.playlist, name: 'Renamed' }) },
  ],
  [
    '/api/v2/playlists#addVideo',
    { caller: 'member', body: () => ({ _id: ids.playlist, videoId: ids.second }) },
  ],
  [
    '/api/v2/playlists#reorder',
    {
      caller: 'member',
      body: () => ({ _id: ids.playlist, videoIds: [ids.second, ids.video] }),
    },
  ],
  ['/api/v2/playlists#get', { caller: 'visitor', body: () => ({ _id: ids.playlist }) }],
  ['/api/v2/playlists#list', { caller: 'visitor', body: () => ({ username: member() }) }],
  ['/api/v2/playlists#forVideo', { caller: 'member', body: () => ({ videoId: ids.video }) }],
  [
    '/api/v2/playlists#removeVideo',
    { caller: 'member', body: () => ({ _id: ids.playlist, videoId: ids.second }) },
  ],
  ['/api/v2/playlists#delete', { caller: 'member', body: () => ({ _id: ids.playlist }) }],
  ['/api/v2/library#AddWatchLater', { caller: 'member', body: () => ({ videoId: ids.video }) }],
  ['/api/v2/library#ListWatchLater', { caller: 'member', body: () => ({ index: 0 }) }],
  [
    '/api/v2/library#SaveProgress',
    { caller: 'member', body: () => ({ videoId: ids.video, position: 42, duration: 120 }) },
  ],
  [
    '/api/v2/library#LibraryState',
    { caller: 'member', body: () => ({ videoIds: [ids.video, ids.second] }) },
  ],
  ['/api/v2/library#ContinueWatching', { caller: 'member', body: () => ({}) }],
  ['/api/v2/library#RemoveWatchLater', { caller: 'member', body: () => ({ videoId: ids.video }) }],
  [
    '/api/v2/reports#Report',
    {
      caller: 'member',
      body: () => ({ targetKind: 'video', targetId: ids.approved, reason: 'spam', details: 'Ads' }),
    },
  ],
  [
    '/api/v2/reports#Report',
    {
      caller: 'member',
      body: () => ({ targetKind: 'video', targetId: ids.reportDeleted, reason: 'copyright' }),
    },
  ],
  [
    '/api/v2/reports#Report',
    {
      caller: 'member',
      body: () => ({ targetKind: 'member', targetId: ids.suspendeeName, reason: 'harassment' }),
    },
  ],
  ['/api/v2/reports#LoadMyReports', { caller: 'member', body: () => ({}) }],
  ['/api/v2/admin#LoadReportedVideos', { caller: 'moderator', body: () => ({ index: 0 }) }],
  ['/api/v2/admin#ApproveVideo', { caller: 'moderator', body: () => ({ _id: ids.approved }) }],
  [
    '/api/v2/admin#DeleteReportVideo',
    { caller: 'moderator', body: () => ({ _id: ids.reportDeleted, reason: 'Copyright' }) },
  ],
  [
    '/api/v2/admin#UnpublishVideoAdmin',
    { caller: 'moderator', body: () => ({ _id: ids.unpublished, reason: 'Missing warning' }) },
  ],
  [
    '/api/v2/admin#UnpublishVideoAdmin',
    { caller: 'admin', body: () => ({ _id: ids.adminDeleted, reason: 'Spam' }) },
  ],
  [
    '/api/v2/admin#HoldAction',
    {
      caller: 'moderator',
      body: () => ({ action: 'UnpublishVideoAdmin', _id: ids.video, reason: 'Spam' }),
      after: (body) => (ids.held = String((body.data as { id: string }).id)),
    },
  ],
  ['/api/v2/admin#HeldActions', { caller: 'moderator', body: () => ({ ids: [ids.held] }) }],
  ['/api/v2/admin#UndoAction', { caller: 'moderator', body: () => ({ id: ids.held }) }],
  ['/api/v2/admin#LoadAdminVideos', { caller: 'moderator', body: () => ({}) }],
  ['/api/v2/admin#AdminPublish', { caller: 'moderator', body: () => ({ _id: ids.unpublished }) }],
  ['/api/v2/admin#AdminDelete', { caller: 'admin', body: () => ({ _id: ids.adminDeleted }) }],
  [
    '/api/v2/admin#ResolveReports',
    {
      caller: 'moderator',
      body: () => ({ targetKind: 'member', targetId: ids.suspendee, outcome: 'approved' }),
    },
  ],
  [
    '/api/v2/admin#ApproveComment',
    { caller: 'moderator', body: () => ({ commentId: ids.heldComment }) },
  ],
  [
    '/api/v2/admin#DeleteComment',
    { caller: 'moderator', body: () => ({ commentId: ids.doomedComment, reason: 'Rude' }) },
  ],
  ['/api/v2/admin#LoadMembers', { caller: 'moderator', body: () => ({ query: 'user' }) }],
  [
    '/api/v2/admin#DisableMember',
    { caller: 'moderator', body: () => ({ userId: ids.suspendee, reason: 'Spam' }) },
  ],
  ['/api/v2/admin#EnableMember', { caller: 'moderator', body: () => ({ userId: ids.suspendee }) }],
  [
    '/api/v2/admin#SetMemberRoles',
    { caller: 'admin', body: () => ({ userId: ids.suspendee, roles: ['tagger'] }) },
  ],
  [
    '/api/v2/admin#SetSupporter',
    { caller: 'admin', body: () => ({ userId: ids.suspendee, isSupporter: true }) },
  ],
  ['/api/v2/console#GetChangelog', { caller: 'visitor', body: () => ({}) }],
  [
    '/api/v2/console#GetUserSuggestions',
    { caller: 'member', body: () => ({ username: member() }) },
  ],
  ['/api/v2/admin#LoadHealth', { caller: 'admin', body: () => ({}) }],
  ['/api/v2/admin#LoadRedisStats', { caller: 'admin', body: () => ({}) }],
  ['/api/v2/admin#LoadStaffLog', { caller: 'moderator', body: () => ({ action: 'delete_video' }) }],
  ['/api/v2/comments#List', { caller: 'visitor', body: () => ({ videoId: ids.video }) }],
  [
    '/api/v2/comments#Create',
    {
      caller: 'moderator',
      body: () => ({ videoId: ids.video, text: 'The drop at 0:05, see https://example.org' }),
      after: (body) => (ids.comment = body.id as string),
    },
  ],
  [
    '/api/v2/comments#Create',
    {
      // A new account: the reply is held for a moderator.
      caller: 'member',
      body: () => ({ videoId: ids.video, text: 'Agreed', parentId: ids.comment }),
      after: (body) => (ids.reply = body.id as string),
    },
  ],
  ['/api/v2/comments#Replies', { caller: 'visitor', body: () => ({ commentId: ids.comment }) }],
  ['/api/v2/comments#StaffList', { caller: 'moderator', body: () => ({ status: 'held' }) }],
  ['/api/v2/comments#Approve', { caller: 'moderator', body: () => ({ commentId: ids.reply }) }],
  [
    '/api/v2/comments#Edit',
    { caller: 'member', body: () => ({ commentId: ids.reply, text: 'Agreed, edited' }) },
  ],
  ['/api/v2/comments#Delete', { caller: 'member', body: () => ({ commentId: ids.reply }) }],
  ['/api/v2/privacy#GetPrivacy', { caller: 'member', body: () => ({}) }],
  [
    '/api/v2/privacy#SetMessagePrivacy',
    { caller: 'member', body: () => ({ messagesFrom: 'everyone' }) },
  ],
  ['/api/v2/privacy#Block', { caller: 'member', body: () => ({ username: another() }) }],
  ['/api/v2/privacy#ListBlocked', { caller: 'member', body: () => ({}) }],
  ['/api/v2/privacy#Unblock', { caller: 'member', body: () => ({ username: another() }) }],
  [
    '/api/v2/videoSettings#SetEmbedSites',
    { caller: 'member', body: () => ({ _id: ids.settings, sites: ['https://blog.example'] }) },
  ],
  [
    '/api/v2/videoSettings#Unlock',
    { caller: 'visitor', body: () => ({ _id: ids.locked, password: 'contract password' }) },
  ],
  [
    '/api/v2/replaceFile',
    {
      caller: 'member',
      body: () => ({ _id: ids.owned, uploadId: 'c0ffee00c0ffee00c0ffee00c0ffee01' }),
    },
  ],
  [
    '/api/v2/watchedWords#SaveSite',
    {
      caller: 'moderator',
      body: () => ({ name: 'Contract', action: 'hold', words: ['zzcontractzz'] }),
      after: (body) => (ids.wordList = String((body.list as { id: string }).id)),
    },
  ],
  ['/api/v2/watchedWords#ListSite', { caller: 'moderator', body: () => ({}) }],
  ['/api/v2/watchedWords#DeleteSite', { caller: 'moderator', body: () => ({ id: ids.wordList }) }],
  [
    '/api/v2/watchedWords#SaveMine',
    {
      caller: 'member',
      body: () => ({ name: 'Mine', action: 'refuse', words: ['zzmineonlyzz'] }),
      after: (body) => (ids.myWordList = String((body.list as { id: string }).id)),
    },
  ],
  [
    '/api/v2/reuploads#Dispute',
    { caller: 'member', body: () => ({ _id: ids.heldCopy, text: 'My own footage' }) },
  ],
  ['/api/v2/reuploads#Load', { caller: 'member', body: () => ({ _id: ids.heldCopy }) }],
  ['/api/v2/reuploads#LoadHeld', { caller: 'moderator', body: () => ({}) }],
  ['/api/v2/reuploads#Release', { caller: 'moderator', body: () => ({ _id: ids.heldCopy }) }],
  [
    '/api/v2/reuploads#Reject',
    { caller: 'moderator', body: () => ({ _id: ids.refusedCopy, reason: 'A copy' }) },
  ],
  ['/api/v2/watchedWords#ListMine', { caller: 'member', body: () => ({}) }],
  ['/api/v2/watchedWords#DeleteMine', { caller: 'member', body: () => ({ id: ids.myWordList }) }],
  [
    '/api/v2/upload',
    {
      caller: 'member',
      body: () => ({
        uploadId: 'c0ffee00c0ffee00c0ffee00c0ffee00',
        title: 'Uploaded in the contract test',
        category: 'other',
      }),
    },
  ],
  ['/api/notifications#Count', { caller: 'another member', body: () => ({}) }],
  [
    '/api/notifications#List',
    {
      caller: 'another member',
      body: () => ({}),
      after: (body) => (notificationId = String((body.data as { id: string }[])[0]?.id)),
    },
  ],
  [
    '/api/notifications#MarkRead',
    { caller: 'another member', body: () => ({ id: notificationId }) },
  ],
  ['/api/notifications#MarkAllRead', { caller: 'another member', body: () => ({}) }],
  ['/api/notifications#LoadSettings', { caller: 'member', body: () => ({}) }],
  [
    '/api/notifications#SaveSetting',
    { caller: 'member', body: () => ({ kind: 'new_video', email: 'digest' }) },
  ],
  [
    '/api/tickets#Create',
    {
      caller: 'member',
      body: () => ({ category: 'account', subject: 'Contract ticket', message: 'A question' }),
      after: (body) => (ticketId = Number(body.id)),
    },
  ],
  ['/api/tickets#List', { caller: 'member', body: () => ({}) }],
  ['/api/tickets#Load', { caller: 'member', body: () => ({ id: ticketId }) }],
  ['/api/tickets#Queue', { caller: 'moderator', body: () => ({ state: 'open' }) }],
  ['/api/tickets#StaffLoad', { caller: 'moderator', body: () => ({ id: ticketId }) }],
  [
    '/api/tickets#Answer',
    { caller: 'moderator', body: () => ({ id: ticketId, message: 'An answer' }) },
  ],
  ['/api/tickets#StaffClose', { caller: 'moderator', body: () => ({ id: ticketId }) }],
  ['/api/tagging#Figures', { caller: 'visitor', body: () => ({}) }],
  [
    '/api/tagging#Apply',
    {
      caller: 'member',
      body: () => ({
        motivation: 'I know the music and the stars of most videos here.',
        sampleTags: 'tags: dance, neon; music: Daft Punk - One More Time',
      }),
      after: (body) => (tagging.application = Number(body.id)),
    },
  ],
  ['/api/tagging#MyApplication', { caller: 'member', body: () => ({}) }],
  ['/api/tagging#Applications', { caller: 'moderator', body: () => ({ state: 'open' }) }],
  [
    '/api/tagging#Decide',
    {
      caller: 'moderator',
      body: () => ({ id: tagging.application, decision: 'decline', reason: 'More examples' }),
    },
  ],
  ['/api/tagging#Queue', { caller: 'tagger', body: () => ({}) }],
  [
    '/api/tagging#AddLabel',
    { caller: 'tagger', body: () => ({ videoId: ids.second, kind: 'tag', name: 'tagged' }) },
  ],
  [
    '/api/tagging#RemoveLabel',
    { caller: 'tagger', body: () => ({ videoId: ids.second, kind: 'tag', name: 'tagged' }) },
  ],
  [
    '/api/tagging#Changes',
    {
      caller: 'moderator',
      body: () => ({ videoId: ids.second }),
      after: (body) => (tagging.change = (body.data as { id: number }[])[0]!.id),
    },
  ],
  ['/api/tagging#Revert', { caller: 'moderator', body: () => ({ id: tagging.change }) }],
  [
    '/api/tagging#Flag',
    { caller: 'tagger', body: () => ({ videoId: ids.second, reason: 'Not a TikTok' }) },
  ],
  ['/api/tagging#Settle', { caller: 'tagger', body: () => ({ videoId: ids.second }) }],
  [
    '/api/tickets#Reply',
    { caller: 'member', body: () => ({ id: ticketId, message: 'One more thing' }) },
  ],
  ['/api/tickets#Close', { caller: 'member', body: () => ({ id: ticketId }) }],
  [
    '/api/v2/events#Create',
    {
      caller: 'admin',
      body: () => ({
        slug: 'contract-event',
        title: 'Contract event',
        rules: 'One video each.',
        entriesOpenAt: new Date(Date.now() - 3_600_000).toISOString(),
        entriesCloseAt: new Date(Date.now() + 3_600_000).toISOString(),
        votingOpenAt: new Date(Date.now() - 3_600_000).toISOString(),
        votingCloseAt: new Date(Date.now() + 7_200_000).toISOString(),
      }),
      after: (body) => (eventId = Number(body.id)),
    },
  ],
  ['/api/v2/events#AdminList', { caller: 'admin', body: () => ({}) }],
  [
    '/api/v2/events#AdminLoad',
    { caller: 'admin', body: () => ({ id: eventId }), after: (body) => (eventForm = body.data) },
  ],
  [
    '/api/v2/events#Update',
    {
      caller: 'admin',
      body: () => ({ ...(eventForm as object), title: 'Contract event, renamed' }),
    },
  ],
  ['/api/v2/events#List', { caller: 'visitor', body: () => ({ section: 'current' }) }],
  [
    '/api/v2/events#Enter',
    {
      caller: 'member',
      body: () => ({ slug: 'contract-event', videoId: ids.owned }),
      after: (body) => (entryId = Number(body.entryId)),
    },
  ],
  [
    '/api/v2/events#Vote',
    { caller: 'another member', body: () => ({ slug: 'contract-event', entryId }) },
  ],
  ['/api/v2/events#Mine', { caller: 'member', body: () => ({ slug: 'contract-event' }) }],
  ['/api/v2/events#Load', { caller: 'visitor', body: () => ({ slug: 'contract-event' }) }],
  ['/api/v2/events#RemoveEntry', { caller: 'admin', body: () => ({ entryId }) }],
  ['/api/v2/events#Delete', { caller: 'admin', body: () => ({ id: eventId }) }],
  ['/api/support#Status', { caller: 'visitor', body: () => ({}) }],
  ['/api/support#Checkout', { caller: 'member', body: () => ({}), config: () => billingConfig }],
  ['/api/support#Portal', { caller: 'member', body: () => ({}), config: () => billingConfig }],
  [
    '/api/v2/account#ListSessions',
    {
      caller: 'another member',
      body: () => ({}),
      after: (body) => (sessionId = (body.data as { id: string }[])[0]!.id),
    },
  ],
  ['/api/v2/account#SignOutSession', { caller: 'another member', body: () => ({ id: sessionId }) }],
  ['/api/v2/account#SignOutOtherSessions', { caller: 'another member', body: () => ({}) }],
  ['/api/v2/account#LoadAccess', { caller: 'moderator', body: () => ({}) }],
  ['/api/v2/account#ExportData', { caller: 'member', body: () => ({}) }],
  [
    '/api/v2/account#DeleteAccount',
    {
      caller: 'member',
      actor: () => leaver.actor,
      body: () => ({
        password: leaver.password,
        confirmation: leaver.user.username,
        videos: 'delete',
      }),
    },
  ],
  ['/api/v2/statistics#VideoStatistics', { caller: 'member', body: () => ({ days: 28 }) }],
  ['/api/v2/partner#Play', { caller: 'visitor', body: () => ({ videoId: ids.partnerVideo }) }],
  [
    '/api/v2/partner#AddToChannel',
    { caller: 'partner', body: () => ({ videoId: ids.partnerSecond, isPremium: true }) },
  ],
  [
    '/api/v2/partner#SetPremium',
    { caller: 'partner', body: () => ({ videoId: ids.partnerVideo, isPremium: true }) },
  ],
  [
    '/api/v2/partner#SetPublished',
    { caller: 'partner', body: () => ({ videoId: ids.partnerSecond, published: false }) },
  ],
  [
    '/api/v2/partner#SetPrice',
    {
      caller: 'partner',
      body: () => ({ stripePriceId: 'price_partner_contract', priceCents: 600, currency: 'usd' }),
    },
  ],
  [
    '/api/v2/partner#SetDetails',
    { caller: 'partner', body: () => ({ name: 'Contract channel', description: 'Test' }) },
  ],
  [
    '/api/v2/partner#Subscribe',
    { caller: 'member', body: () => ({}), config: () => billingConfig },
  ],
  [
    '/api/v2/partner#ManageBilling',
    { caller: 'member', body: () => ({}), config: () => billingConfig },
  ],
  [
    '/api/v2/partnerUpload',
    {
      caller: 'partner',
      body: () => ({
        uploadId: 'feedface'.repeat(4),
        title: 'Partner upload',
        category: 'other',
        isPremium: true,
      }),
    },
  ],
  [
    '/api/v2/partner#CreatePartner',
    {
      caller: 'admin',
      body: () => ({ username: callers.users.another.username, name: 'Another channel' }),
      // Another channel: the configured one has its partner already.
      config: () => loadConfig({ NODE_ENV: 'test', PARTNER_SLUG: 'anotherchannel' }),
    },
  ],
];

let ip = 0;
async function callExample(name: string, example: Example) {
  const target = calls.find((entry) => entry.name === name)!;
  const body = { ...(target.mode ? { mode: target.mode } : {}), ...example.body() };
  const actor: Actor | null = example.actor?.() ?? callers.actors[example.caller];
  const context = contextFor(
    db,
    actor,
    { ...media, uploads },
    `198.51.100.${(ip++ % 250) + 1}`,
    callers.accounts,
  );
  return dispatch(target.endpoint, body, {
    ...context,
    config: example.config?.() ?? context.config,
  });
}

describe('the API contract (every endpoint and mode, answered as declared)', () => {
  it('has an answer schema and a valid example for every call', () => {
    const exampled = new Set(EXAMPLES.map(([name]) => name));
    for (const entry of calls) {
      expect(answerSchemaOf(entry.endpoint, entry.mode), `${entry.name}: no output`).toBeTruthy();
      expect(exampled.has(entry.name), `${entry.name}: no example in the contract test`).toBe(true);
    }
    for (const name of exampled) expect(calls.map((entry) => entry.name)).toContain(name);
  });

  it('answers every example 2xx with a body its schema accepts', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const [name, example] of EXAMPLES) {
      const target = calls.find((entry) => entry.name === name);
      if (!target) continue;
      const result = await callExample(name, example);
      if (result.status >= 300) {
        problems.push(`${name}: ${result.status} ${JSON.stringify(result.body)}`);
        continue;
      }
      const checked = answerSchemaOf(target.endpoint, target.mode)!.safeParse(result.body);
      if (!checked.success) {
        problems.push(`${name}: ${describeZodError(checked.error)}`);
        continue;
      }
      example.after?.(result.body);
    }
    expect(problems).toEqual([]);
  });

  it('names listed videos `_id`, as docs/api.md does', async () => {
    const page = await callExample('/api/getmorevideos', {
      caller: 'visitor',
      body: () => ({ index: 0 }),
    });
    const first = (page.body.data as Record<string, unknown>[])[0]!;
    expect(first).toHaveProperty('_id');
    expect(first).not.toHaveProperty('id');
  });
});
