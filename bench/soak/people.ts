/**
 * What the simulated people do, each in a loop of their own until the run's end: members
 * (comment, reply, vote, message, block, report, tickets, settings, uploads, events…), staff
 * (approve and delete held comments, answer tickets, unpublish and publish, disable and enable,
 * tag) and visitors (pages and listings, and now and then one who registers and joins).
 * Everything goes through the site's HTTP API as its pages and clients call it.
 */
import {
  createUpload,
  patchUpload,
  publishUpload,
  signIn,
  signUpMember,
  sleep,
  videoState,
} from '../support/site';
import {
  NOTIFICATION_EMAIL_MODES,
  NOTIFICATION_KINDS,
} from '@cutroom/core/features/people/notifications/notification-kinds';
import { TICKET_CATEGORIES } from '@cutroom/core/features/community/tickets/ticket-labels';
import type { Community, Person } from './community';
import type { Answer, Traffic } from './traffic';

export interface Run {
  traffic: Traffic;
  community: Community;
  baseUrl: string;
  dataDir: string;
  /** The short clips members upload during the day, one each (none looks like another). */
  clips: Uint8Array[];
  /** performance.now() at which every loop stops. */
  until: number;
  /** Pauses between one person's actions, in ms. */
  think: [number, number];
  /** Uploads during the run, at most. */
  maxUploads: number;
  /** Visitors who register and join the members, at most. */
  maxJoiners: number;
  /** Uploads and joiners so far. */
  counts: { uploads: number; joiners: number };
}

/** No loop runs more steps than this, whatever the clock says. */
const MAX_STEPS = 100_000;

const REPORT_REASONS = ['spam', 'copyright', 'harassment', 'wrong-labels', 'other'] as const;
const TAGS = ['sunset', 'city', 'night', 'beach', 'retro', 'slow'] as const;

/** The subject of the members' messages (the site sends messages of its own too). */
export const MESSAGE_SUBJECT = 'Soak hello';

const ok = (answer: Answer<unknown>) => answer.status >= 200 && answer.status < 300;

let sequence = 0;
const words = (what: string) => {
  sequence += 1;
  return `${what} ${sequence}: the soak bench says hello`;
};

function post<T = Record<string, unknown>>(
  run: Run,
  person: Person | null,
  kind: string,
  path: string,
  json: unknown,
) {
  return run.traffic.request<T>(kind, path, { json, cookie: person?.cookie });
}

/** After a 401 (a session ended by a disable): signs in again; refused while disabled. */
async function signInAgain(run: Run, person: Person) {
  try {
    person.cookie = await signIn(
      run.baseUrl,
      person.email,
      person.password,
      run.traffic.fetcher('sign-in'),
    );
  } catch {
    // Disabled, or no answer: the next step tries again.
  }
}

async function loop(run: Run, step: () => Promise<unknown>, think = run.think) {
  const { random } = run.community;
  // People arrive over the first part of the run, not all in the same second.
  await sleep(random() * Math.min(15_000, Math.max(0, run.until - performance.now()) / 4));
  for (let steps = 0; steps < MAX_STEPS && performance.now() < run.until; steps += 1) {
    await step();
    const [low, high] = think;
    const pause = Math.min(low + random() * (high - low), run.until - performance.now());
    if (pause > 0) await sleep(pause);
  }
}

type Action = [weight: number, act: (run: Run, me: Person) => Promise<Answer<unknown> | void>];

function chooser(run: Run, actions: Action[]) {
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let left = run.community.random() * total;
    for (const [weight, act] of actions) {
      left -= weight;
      if (left < 0) return act;
    }
    return actions[actions.length - 1]![1];
  };
}

// ---------------------------------------------------------------------------------------------
// Members

const browse = async (run: Run, me: Person | null) => {
  const c = run.community;
  const video = c.pick(c.videos);
  const someone = c.pick(c.people);
  switch (Math.floor(c.random() * 6)) {
    case 0:
      return post(run, me, 'list videos', '/api/getmorevideos', { index: 0 });
    case 1:
      return video
        ? post(run, me, 'list comments', '/api/v2/comments', {
            mode: 'List',
            videoId: video.id,
            order: c.random() < 0.5 ? 'newest' : 'top',
          })
        : undefined;
    case 2:
      return someone
        ? post(run, me, 'profile', '/api/v2/profileInput', {
            mode: 'LoadProfile',
            username: someone.username,
          })
        : undefined;
    case 3:
      return post(run, me, 'search', '/api/v2/search', { mode: 'Newest', index: 0 });
    case 4:
      return video ? post(run, me, 'view', '/api/v2/view', { videoId: video.id }) : undefined;
    default:
      return video
        ? run.traffic.request('page: video', `/video/${video.id}`, { cookie: me?.cookie })
        : undefined;
  }
};

const comment = async (run: Run, me: Person) => {
  const video = run.community.pick(run.community.videos);
  if (!video) return;
  const answer = await post<{ id?: string; isHeld?: boolean }>(
    run,
    me,
    'comment',
    '/api/v2/comments',
    { mode: 'Create', videoId: video.id, text: words('a comment') },
  );
  run.community.ledger.comments.add(answer, answer.body.id);
  if (answer.status === 201 && answer.body.id) {
    run.community.comments.set(answer.body.id, {
      id: answer.body.id,
      videoId: video.id,
      author: me.username,
      parentId: null,
      held: answer.body.isHeld ?? false,
      deleted: false,
    });
  }
  return answer;
};

const reply = async (run: Run, me: Person) => {
  const c = run.community;
  const parent = c.pick(c.visibleComments().filter((seen) => seen.author !== me.username));
  if (!parent) return comment(run, me);
  const answer = await post<{ id?: string; isHeld?: boolean; parentId?: string }>(
    run,
    me,
    'reply',
    '/api/v2/comments',
    { mode: 'Create', videoId: parent.videoId, parentId: parent.id, text: words('a reply') },
  );
  c.ledger.comments.add(answer, answer.body.id);
  if (answer.status === 201 && answer.body.id) {
    c.comments.set(answer.body.id, {
      id: answer.body.id,
      videoId: parent.videoId,
      author: me.username,
      parentId: answer.body.parentId ?? parent.id,
      held: answer.body.isHeld ?? false,
      deleted: false,
    });
  }
  return answer;
};

const ownComment = (run: Run, me: Person) =>
  run.community.pick(
    [...run.community.comments.values()].filter(
      (seen) => seen.author === me.username && !seen.deleted,
    ),
  );

const edit = async (run: Run, me: Person) => {
  const mine = ownComment(run, me);
  if (!mine) return;
  const c = run.community;
  const approvalsBefore = c.approvalsAnswered.get(mine.id) ?? 0;
  const text = words('an edited comment');
  const answer = await post<{ isHeld?: boolean }>(run, me, 'edit comment', '/api/v2/comments', {
    mode: 'Edit',
    commentId: mine.id,
    text,
  });
  c.ledger.edited.set(mine.id, text, answer);
  c.editsAnswered.set(mine.id, (c.editsAnswered.get(mine.id) ?? 0) + 1);
  // A new account's edit holds an approved comment again, for a moderator to see.
  if (ok(answer) && answer.body.isHeld) {
    mine.held = true;
    c.ledger.approved.present.delete(mine.id);
    // An approval in flight, or answered while the edit was, may have come before it or after.
    const approvedMeanwhile = (c.approvalsAnswered.get(mine.id) ?? 0) !== approvalsBefore;
    if (c.approving.has(mine.id) || approvedMeanwhile) c.ledger.approved.uncertain.add(mine.id);
  }
  return answer;
};

/** Marks a comment deleted, and its replies with it (docs/comments.md). */
function commentGone(run: Run, id: string, answer: Answer<unknown>) {
  run.community.ledger.deleted.set(id, '1', answer);
  if (!ok(answer)) return;
  for (const seen of run.community.comments.values()) {
    if (seen.id === id || seen.parentId === id) seen.deleted = true;
  }
}

const deleteComment = async (run: Run, me: Person) => {
  const mine = ownComment(run, me);
  if (!mine) return;
  const answer = await post(run, me, 'delete comment', '/api/v2/comments', {
    mode: 'Delete',
    commentId: mine.id,
  });
  commentGone(run, mine.id, answer);
  return answer;
};

const vote = async (run: Run, me: Person) => {
  const video = run.community.pick(run.community.videos);
  if (!video) return;
  const up = run.community.random() < 0.7;
  const answer = await post(run, me, 'vote', '/api/v2/videoInput', {
    mode: up ? 'Upvote' : 'Downvote',
    _id: video.id,
  });
  run.community.ledger.votes.set(`${me.username}|${video.id}`, up ? '1' : '-1', answer);
  return answer;
};

const favorite = async (run: Run, me: Person) => {
  const video = run.community.pick(run.community.videos);
  if (!video) return;
  return run.community.ledger.favorites.toggle(`${me.username}|${video.id}`, (adding) =>
    post(run, me, 'favorite', '/api/v2/videoInput', {
      mode: 'favorite',
      _id: video.id,
      favorite: adding,
    }),
  );
};

const subscribe = async (run: Run, me: Person) => {
  const them = run.community.other(me);
  if (!them) return;
  return run.community.ledger.subscriptions.toggle(`${me.username}|${them.username}`, (adding) =>
    post(run, me, 'subscribe', '/api/v2/profileInput', {
      mode: 'subscribe',
      username: them.username,
      subscribe: adding,
    }),
  );
};

const message = async (run: Run, me: Person) => {
  const them = run.community.other(me);
  if (!them) return;
  const answer = await run.traffic.request<{ id?: string }>('message', '/api/messages/send', {
    cookie: me.cookie,
    json: { recipient: them.username, subject: MESSAGE_SUBJECT, message: words('a message') },
  });
  run.community.ledger.messages.add(answer, answer.body.id);
  return answer;
};

const inbox = async (run: Run, me: Person) => {
  const list = await post<{ data?: { id: string }[] }>(run, me, 'inbox', '/api/v2/profileInput', {
    mode: 'LoadInbox',
    box: 'received',
    index: 0,
  });
  const first = list.body.data?.[0];
  if (!first) return list;
  return post(run, me, 'read message', '/api/v2/profileInput', {
    mode: 'ReadInboxMessage',
    id: first.id,
  });
};

const block = async (run: Run, me: Person) => {
  const them = run.community.other(me);
  if (!them) return;
  return run.community.ledger.blocks.toggle(`${me.username}|${them.username}`, (adding) =>
    post(run, me, adding ? 'block' : 'unblock', '/api/v2/privacy', {
      mode: adding ? 'Block' : 'Unblock',
      username: them.username,
    }),
  );
};

const report = async (run: Run, me: Person) => {
  const c = run.community;
  const roll = c.random();
  const target =
    roll < 0.4
      ? { targetKind: 'video', targetId: c.pick(c.videos)?.id }
      : roll < 0.8
        ? { targetKind: 'comment', targetId: c.pick(c.visibleComments())?.id }
        : { targetKind: 'member', targetId: c.other(me)?.username };
  if (!target.targetId) return;
  const answer = await post<{ data?: { id: string } }>(run, me, 'report', '/api/v2/reports', {
    mode: 'Report',
    ...target,
    reason: c.pick(REPORT_REASONS),
    details: words('a report'),
  });
  c.ledger.reports.add(answer, answer.body.data?.id);
  return answer;
};

const ticket = async (run: Run, me: Person) => {
  const c = run.community;
  const mine = c.tickets.filter((t) => t.owner === me.username);
  if (mine.length < 2) {
    const answer = await post<{ id?: number }>(run, me, 'open ticket', '/api/tickets', {
      mode: 'Create',
      category: c.pick(TICKET_CATEGORIES),
      subject: 'Help, please',
      message: words('a ticket'),
    });
    c.ledger.tickets.add(answer, answer.body.id);
    c.ledger.ticketPosts.add(answer);
    if (answer.status === 201 && answer.body.id)
      c.tickets.push({ id: answer.body.id, owner: me.username });
    return answer;
  }
  const answer = await post(run, me, 'ticket reply', '/api/tickets', {
    mode: 'Reply',
    id: c.pick(mine)!.id,
    message: words('a ticket reply'),
  });
  c.ledger.ticketPosts.add(answer);
  return answer;
};

const notificationSetting = async (run: Run, me: Person, kind?: string) => {
  const c = run.community;
  const chosen = kind ?? c.pick(NOTIFICATION_KINDS)!;
  const email = c.pick(NOTIFICATION_EMAIL_MODES)!;
  const answer = await post(run, me, 'notification setting', '/api/notifications', {
    mode: 'SaveSetting',
    kind: chosen,
    email,
  });
  c.ledger.notificationSettings.set(`${me.username}|${chosen}`, email, answer);
  return answer;
};

const notifications = async (run: Run, me: Person) => {
  const roll = run.community.random();
  const mode = roll < 0.5 ? 'List' : roll < 0.8 ? 'Count' : 'MarkAllRead';
  return post(run, me, `notifications ${mode}`, '/api/notifications', { mode, index: 0 });
};

const upload = async (run: Run, me: Person) => {
  const c = run.community;
  if (run.counts.uploads >= run.maxUploads || me.videos.length + me.processing.length >= 2) {
    return browse(run, me);
  }
  const clip = run.clips[run.counts.uploads % run.clips.length]!;
  run.counts.uploads += 1;
  const send = run.traffic.fetcher('upload');
  let publishing = false;
  try {
    const location = await createUpload(run.baseUrl, me.cookie, clip.byteLength, send);
    const patched = await patchUpload(run.baseUrl, me.cookie, location, clip, 0, send);
    if (patched.status !== 204) return;
    publishing = true;
    const published = await publishUpload(run.baseUrl, me.cookie, location, words('A clip'), send);
    const answer = { ...published, headers: new Headers(), answered: true };
    c.ledger.uploads.add(answer, published.body.video?.id);
    if (published.status === 201 && published.body.video)
      me.processing.push(published.body.video.id);
  } catch {
    // No answer (recorded): a publish may or may not have made the video.
    if (publishing) c.ledger.uploads.uncertain += 1;
  }
};

/** A processing video of theirs that is published now joins the site's videos. */
async function checkProcessing(run: Run, me: Person) {
  const id = me.processing[0];
  if (!id) return;
  const state = await videoState(run.baseUrl, me, id, run.traffic.fetcher('profile videos')).catch(
    () => null,
  );
  if (state?.state === 'published' || state?.state === 'failed' || state?.state === 'absent') {
    me.processing.shift();
  }
  if (state?.state === 'published') {
    me.videos.push(id);
    run.community.videos.push({ id, owner: me.username });
  }
  if (state?.state === 'failed') run.community.troubles.push(`processing of ${id} failed`);
}

const eventVote = async (run: Run, me: Person) => {
  const c = run.community;
  const event = c.event;
  const entry = event && c.pick(event.entries.filter((e) => e.owner !== me.username));
  if (!event || !entry) return;
  const answer = await post(run, me, 'event vote', '/api/v2/events', {
    mode: 'Vote',
    slug: event.slug,
    entryId: entry.entryId,
  });
  // One vote a member an event: a second answers 409 and changes nothing.
  if (answer.status !== 409) c.ledger.eventVotes.set(me.username, String(entry.entryId), answer);
  return answer;
};

const eventEnter = async (run: Run, me: Person) => {
  const c = run.community;
  const event = c.event;
  const video = c.pick(me.videos);
  if (!event || !video) return eventVote(run, me);
  const answer = await post<{ entryId?: number }>(run, me, 'event entry', '/api/v2/events', {
    mode: 'Enter',
    slug: event.slug,
    videoId: video,
  });
  c.ledger.eventEntries.add(answer, answer.body.entryId);
  if (answer.status === 201 && answer.body.entryId) {
    event.entries.push({ entryId: answer.body.entryId, owner: me.username });
  }
  return answer;
};

const friend = async (run: Run, me: Person) => {
  const c = run.community;
  const requests = await post<{ data?: { username: string }[] }>(
    run,
    me,
    'friend requests',
    '/api/v2/profileInput',
    { mode: 'LoadFriends', list: 'friendRequests', index: 0 },
  );
  const asker = requests.body.data?.[0];
  if (asker) {
    return post(run, me, 'accept friend', '/api/v2/profileInput', {
      mode: 'AcceptFriendRequest',
      username: asker.username,
    });
  }
  const them = c.other(me);
  if (!them) return;
  return post(run, me, 'befriend', '/api/v2/profileInput', {
    mode: 'SendFriendRequest',
    username: them.username,
  });
};

const watchLater = async (run: Run, me: Person) => {
  const video = run.community.pick(run.community.videos);
  if (!video) return;
  return post(run, me, 'watch later', '/api/v2/library', {
    mode: 'AddWatchLater',
    videoId: video.id,
  });
};

const MEMBER_ACTIONS: Action[] = [
  [14, browse],
  [8, comment],
  [10, reply],
  [3, edit],
  [1, deleteComment],
  [8, vote],
  [6, favorite],
  [5, subscribe],
  [4, message],
  [3, inbox],
  [2, block],
  [2, report],
  [2, ticket],
  [4, (run, me) => notificationSetting(run, me)],
  [3, notifications],
  [1, upload],
  [3, eventVote],
  [1, eventEnter],
  [2, friend],
  [2, watchLater],
];

/** A member: first chooses how replies reach them (the case), then acts at random. */
export async function member(run: Run, me: Person) {
  const next = chooser(run, MEMBER_ACTIONS);
  let first = true;
  await loop(run, async () => {
    if (me.disabled) return;
    const answer = first
      ? await notificationSetting(run, me, 'comment_reply')
      : await next()(run, me);
    first = false;
    if (answer && answer.status === 401) await signInAgain(run, me);
    if (me.processing.length > 0 && run.community.random() < 0.3) await checkProcessing(run, me);
  });
}

// ---------------------------------------------------------------------------------------------
// Staff

interface Held {
  id: string;
  video: { id: string };
}

const heldComments = async (run: Run, me: Person) =>
  (
    await post<{ data?: Held[] }>(run, me, 'staff: held comments', '/api/v2/comments', {
      mode: 'StaffList',
      status: 'held',
      index: 0,
    })
  ).body.data ?? [];

const approve = async (run: Run, me: Person) => {
  const c = run.community;
  const held = c.pick(await heldComments(run, me));
  if (!held) return;
  const editsBefore = c.editsAnswered.get(held.id) ?? 0;
  c.approving.add(held.id);
  // The comments endpoint and the moderation endpoint both approve; staff pages use both.
  const answer =
    c.random() < 0.5
      ? await post(run, me, 'staff: approve comment', '/api/v2/comments', {
          mode: 'Approve',
          commentId: held.id,
        })
      : await post(run, me, 'staff: approve comment', '/api/v2/admin', {
          mode: 'ApproveComment',
          commentId: held.id,
        });
  c.approving.delete(held.id);
  c.approvalsAnswered.set(held.id, (c.approvalsAnswered.get(held.id) ?? 0) + 1);
  // An edit answered while the approval was in flight may have come before it or after.
  if ((c.editsAnswered.get(held.id) ?? 0) !== editsBefore) c.ledger.approved.uncertain.add(held.id);
  else c.ledger.approved.set(held.id, '1', answer);
  const seen = c.comments.get(held.id);
  // Issue 28's case: a reply approved for a member who takes replies by e-mail at once.
  const parent = seen?.parentId ? c.comments.get(seen.parentId) : undefined;
  const mode =
    parent && c.ledger.notificationSettings.present.get(`${parent.author}|comment_reply`);
  if (ok(answer) && mode === 'immediate') c.immediateReplyApprovals += 1;
  if (seen && ok(answer)) seen.held = false;
  return answer;
};

const deleteHeld = async (run: Run, me: Person) => {
  const held = run.community.pick(await heldComments(run, me));
  if (!held) return;
  const answer = await post(run, me, 'staff: delete comment', '/api/v2/admin', {
    mode: 'DeleteComment',
    commentId: held.id,
    reason: 'Off topic',
  });
  commentGone(run, held.id, answer);
  return answer;
};

const answerTicket = async (run: Run, me: Person) => {
  const queue = await post<{ data?: { id: number }[] }>(
    run,
    me,
    'staff: ticket queue',
    '/api/tickets',
    { mode: 'Queue', state: 'open', index: 0 },
  );
  const open = run.community.pick(queue.body.data ?? []);
  if (!open) return queue;
  const answer = await post(run, me, 'staff: answer ticket', '/api/tickets', {
    mode: 'Answer',
    id: open.id,
    message: words('an answer'),
  });
  run.community.ledger.ticketPosts.add(answer);
  return answer;
};

const reviewReports = async (run: Run, me: Person) => {
  const list = await post<{ data?: { _id: string }[] }>(
    run,
    me,
    'staff: reported videos',
    '/api/v2/admin',
    { mode: 'LoadReportedVideos', index: 0 },
  );
  const reported = run.community.pick(list.body.data ?? []);
  if (!reported) return list;
  if (run.community.random() < 0.5) {
    return post(run, me, 'staff: keep reported video', '/api/v2/admin', {
      mode: 'ApproveVideo',
      _id: reported._id,
    });
  }
  // The report queue's way: the action is held on the server for the undo window
  // (docs/moderation.md), and now and then undone.
  const held = await post<{ data?: { id: string } }>(
    run,
    me,
    'staff: hold action',
    '/api/v2/admin',
    { mode: 'HoldAction', action: 'ApproveVideo', _id: reported._id },
  );
  if (!held.body.data || run.community.random() < 0.6) return held;
  return post(run, me, 'staff: undo action', '/api/v2/admin', {
    mode: 'UndoAction',
    id: held.body.data.id,
  });
};

/** Unpublishes a video, or publishes one it unpublished before. */
const unpublishOrPublish = async (run: Run, me: Person) => {
  const c = run.community;
  const rows = c.ledger.unpublished;
  const back = c.pick([...rows.present.keys()]);
  if (back && c.random() < 0.6) return publishAgain(run, me, back);
  const video = c.pick(c.videos.filter((v) => !rows.present.has(v.id)));
  if (!video) return;
  const answer = await post(run, me, 'staff: unpublish video', '/api/v2/admin', {
    mode: 'UnpublishVideoAdmin',
    _id: video.id,
    reason: 'Checking the labels',
  });
  rows.set(video.id, '1', answer);
  return answer;
};

async function publishAgain(run: Run, me: Person, id: string) {
  const answer = await post(run, me, 'staff: publish video', '/api/v2/admin', {
    mode: 'AdminPublish',
    _id: id,
  });
  run.community.ledger.unpublished.delete(id, answer);
  return answer;
}

/** The account id of a member, as the staff member list shows it. */
async function idOf(run: Run, me: Person, them: Person) {
  if (them.id) return them.id;
  const list = await post<{ data?: { id: string; username: string }[] }>(
    run,
    me,
    'staff: members',
    '/api/v2/admin',
    { mode: 'LoadMembers', query: them.username, filter: 'all', index: 0 },
  );
  them.id = list.body.data?.find((row) => row.username === them.username)?.id;
  return them.id;
}

/** Disables a member, or enables one disabled before. */
const disableOrEnable = async (run: Run, me: Person) => {
  const c = run.community;
  const disabled = c.people.filter((p) => p.disabled);
  if (disabled.length > 0 && c.random() < 0.7) return enable(run, me, c.pick(disabled)!);
  const them = c.pick(c.members().filter((p) => !p.disabled));
  if (!them) return;
  const userId = await idOf(run, me, them);
  if (!userId) return;
  const answer = await post(run, me, 'staff: disable member', '/api/v2/admin', {
    mode: 'DisableMember',
    userId,
    reason: 'A short break',
  });
  c.ledger.disabled.set(them.username, '1', answer);
  if (ok(answer)) them.disabled = true;
  return answer;
};

async function enable(run: Run, me: Person, them: Person) {
  const userId = await idOf(run, me, them);
  if (!userId) return;
  const answer = await post(run, me, 'staff: enable member', '/api/v2/admin', {
    mode: 'EnableMember',
    userId,
  });
  run.community.ledger.disabled.delete(them.username, answer);
  if (ok(answer)) {
    them.disabled = false;
    await signInAgain(run, them);
  }
  return answer;
}

const tag = async (run: Run, me: Person) => {
  const c = run.community;
  const video = c.pick(c.videos);
  if (!video) return;
  const name = c.pick(TAGS)!;
  return c.ledger.labels.toggle(`${video.id}|${name}`, (adding) =>
    post(run, me, adding ? 'tag: add' : 'tag: remove', '/api/tagging', {
      mode: adding ? 'AddLabel' : 'RemoveLabel',
      videoId: video.id,
      kind: 'tag',
      name,
    }),
  );
};

const staffLog = (run: Run, me: Person) =>
  post(run, me, 'staff: log', '/api/v2/admin', { mode: 'LoadStaffLog', index: 0 });

const STAFF_ACTIONS: Action[] = [
  [12, approve],
  [3, deleteHeld],
  [4, answerTicket],
  [2, reviewReports],
  [2, unpublishOrPublish],
  [1, disableOrEnable],
  [3, tag],
  [1, staffLog],
  [2, browse],
];

export async function staff(run: Run, me: Person) {
  const next = chooser(run, STAFF_ACTIONS);
  // Staff work the queues: they come back sooner than members.
  await loop(run, () => next()(run, me), [run.think[0] / 2, run.think[1] / 2]);
}

/** After the run: members disabled and videos unpublished are put back, so every page shows. */
export async function putBack(run: Run, admin: Person) {
  for (const person of run.community.people.filter((p) => p.disabled)) {
    await enable(run, admin, person);
  }
  for (const id of [...run.community.ledger.unpublished.present.keys()]) {
    await publishAgain(run, admin, id);
  }
}

// ---------------------------------------------------------------------------------------------
// Visitors

const PAGES = ['/', '/events', '/popular', '/trending', '/browse', '/search?q=clip', '/ranks'];

/** A visitor: pages and listings; now and then one registers and stays as a member. */
export async function visitor(run: Run, join: (person: Person) => void) {
  const c = run.community;
  await loop(run, async () => {
    const roll = c.random();
    if (roll < 0.04 && run.counts.joiners < run.maxJoiners) {
      run.counts.joiners += 1;
      try {
        const account = await signUpMember(
          run.baseUrl,
          run.dataDir,
          'soakjoin',
          run.traffic.fetcher('register'),
        );
        c.ledger.accounts.add({ status: 201, answered: true, body: {}, headers: new Headers() });
        join({ ...account, role: 'member', videos: [], processing: [], disabled: false });
      } catch (error) {
        // A refusal or no answer is recorded; a missing mail is the bench's trouble to name.
        if (String(error).includes('No mail')) c.troubles.push(String(error));
        c.ledger.accounts.uncertain += 1;
      }
      return;
    }
    if (roll < 0.5) {
      const someone = c.pick(c.people);
      const path =
        roll < 0.3 || !someone
          ? c.pick(PAGES)!
          : `/profile/${encodeURIComponent(someone.username)}`;
      return run.traffic.request(`page: ${path.startsWith('/profile/') ? 'profile' : path}`, path);
    }
    const event = c.event;
    if (roll < 0.55 && event) {
      return post(run, null, 'event', '/api/v2/events', { mode: 'Load', slug: event.slug });
    }
    return browse(run, null);
  });
}
