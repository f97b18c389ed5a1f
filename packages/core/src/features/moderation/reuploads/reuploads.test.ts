import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videoFingerprints, videoFrameHashes, videos } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import {
  MAX_COLOUR_DIFFERENCE,
  MAX_HAMMING,
  colourDifference,
  colourOf,
  indexBandsOf,
  mirroredColour,
  type FrameHash,
} from './fingerprint';
import { MAX_CANDIDATE_VIDEOS, findMatches, storeFingerprint } from './reuploads.service';

const { db } = await createTestDatabase();
const { user: creator } = await createUser(db, { username: 'fpcreator' });
const { user: copier } = await createUser(db, { username: 'fpcopier' });

/** A run of random 64-bit picture hashes: what distinct pictures look like to the index. */
const randomFrames = (count: number, from = 0): FrameHash[] =>
  Array.from({ length: count }, (_, i) => ({
    position: from + i,
    hash: randomBytes(8).readBigInt64LE(),
  }));
/**
 * The same pictures with a few bits changed (a re-encode), moved to start at `from`; the
 * changed bits start in a band that turns with the picture and leave the last band whole.
 */
const altered = (frames: FrameHash[], from: number, bits = 5): FrameHash[] =>
  frames.map((frame, i) => {
    let hash = frame.hash;
    for (let b = 0; b < bits; b++) {
      hash ^= 1n << BigInt(((i % 4) * 16 + b * 3 + (b >= 5 ? 1 : 0)) % 64);
    }
    return { position: from + i, hash: BigInt.asIntN(64, hash) };
  });

const originalFrames = randomFrames(40);
const originalCentres = randomFrames(40);
const original = await createVideo(db, { ownerId: creator.id, title: 'Original' });
await storeFingerprint(db, original.id, {
  sampleCount: 40,
  frames: originalFrames,
  centres: originalCentres,
  sound: [1, -2, 3],
});
const unrelated = await createVideo(db, { ownerId: creator.id, title: 'Unrelated' });
await storeFingerprint(db, unrelated.id, {
  sampleCount: 30,
  frames: randomFrames(30),
  centres: [],
  sound: [],
});

describe('storeFingerprint', () => {
  it('keeps the sound and each picture with its three wide bands', async () => {
    const [row] = await db
      .select()
      .from(videoFingerprints)
      .where(eq(videoFingerprints.videoId, original.id));
    expect(row).toMatchObject({ sampleCount: 40, sound: [1, -2, 3] });
    const hashes = await db
      .select()
      .from(videoFrameHashes)
      .where(and(eq(videoFrameHashes.videoId, original.id), eq(videoFrameHashes.variant, 0)))
      .orderBy(videoFrameHashes.position);
    expect(hashes.map((h) => h.hash)).toEqual(originalFrames.map((f) => f.hash));
    const first = BigInt.asUintN(64, originalFrames[0]!.hash);
    expect(hashes[0]).toMatchObject({
      band0: Number(first & 0x1fffffn),
      band1: Number((first >> 21n) & 0x1fffffn),
      band2: Number(first >> 42n),
    });
  });

  it('computes the bands in SQL as in the code (the migration and the bench do so)', async () => {
    const hashes = [...randomFrames(20).map((f) => f.hash), -1n, 0n, -(2n ** 63n), 2n ** 63n - 1n];
    for (const hash of hashes) {
      const result = await db.execute(
        sql`select (${hash}::bigint & 2097151)::integer as b0, ((${hash}::bigint >> 21) & 2097151)::integer as b1, ((${hash}::bigint >> 42) & 4194303)::integer as b2`,
      );
      const row = (result as unknown as { rows: { b0: number; b1: number; b2: number }[] })
        .rows[0]!;
      expect([row.b0, row.b1, row.b2]).toEqual(indexBandsOf(hash));
    }
  });

  it('replaces an earlier fingerprint of the same video, and goes with the video', async () => {
    const video = await createVideo(db, { ownerId: creator.id });
    await storeFingerprint(db, video.id, {
      sampleCount: 9,
      frames: randomFrames(9),
      centres: randomFrames(9),
      sound: [],
    });
    await storeFingerprint(db, video.id, {
      sampleCount: 3,
      frames: randomFrames(3),
      centres: [],
      sound: [7],
    });
    const count = async () =>
      (await db.select().from(videoFrameHashes).where(eq(videoFrameHashes.videoId, video.id)))
        .length;
    expect(await count()).toBe(3); // the 9 pictures and 9 centres replaced by 3 pictures
    await db.delete(videos).where(eq(videos.id, video.id));
    expect(await count()).toBe(0);
    expect(
      await db.select().from(videoFingerprints).where(eq(videoFingerprints.videoId, video.id)),
    ).toEqual([]);
  });
});

/** Colour layouts: the four quarters' U, then their V. */
const warm = colourOf([100, 110, 96, 104, 170, 160, 176, 150]);
const cold = colourOf([150, 140, 160, 146, 100, 112, 96, 108]);
/** A colourful video: every picture, and its centre, warm on the left. */
const colourfulFrames = randomFrames(20).map((frame) => ({ ...frame, colour: warm }));
const colourful = await createVideo(db, { ownerId: creator.id, title: 'Colourful' });
await storeFingerprint(db, colourful.id, {
  sampleCount: 20,
  frames: colourfulFrames,
  centres: [],
  sound: [],
});

describe('colour layouts', () => {
  it('packs the quarters a byte each, mirrors them by swapping left and right', () => {
    const colour = colourOf([1, 2, 3, 4, 250, 251, 252, 253.4]);
    expect(BigInt.asUintN(64, colour)).toBe(0xfdfcfbfa04030201n);
    expect(BigInt.asUintN(64, mirroredColour(colour))).toBe(0xfcfdfafb03040102n);
    expect(mirroredColour(mirroredColour(colour))).toBe(colour);
  });

  it('differ by their largest byte, and not at all when one is unknown', () => {
    expect(colourDifference(warm, warm)).toBe(0);
    expect(
      colourDifference(colourOf([0, 0, 0, 0, 0, 0, 0, 255]), colourOf([0, 0, 0, 0, 0, 0, 0, 0])),
    ).toBe(255);
    expect(colourDifference(warm, cold)).toBe(80);
    expect(colourDifference(warm, null)).toBe(0);
    expect(colourDifference(undefined, cold)).toBe(0);
  });
});

describe('findMatches', () => {
  it("finds someone else's altered copy, with the matched stretch in each", async () => {
    const matches = await findMatches(
      db,
      { frames: altered(originalFrames, 0), mirrored: randomFrames(40) },
      { ownerId: copier.id },
    );
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      videoId: original.id,
      mirrored: false,
      matchedFrames: 40,
      queryStart: 0,
      queryEnd: 20,
      matchStart: 0,
      matchEnd: 20,
    });
  });

  it('finds a part inside a longer video at its offset, and a mirrored copy', async () => {
    const part = altered(originalFrames.slice(10, 30), 50);
    const longer = [...randomFrames(50), ...part, ...randomFrames(20, 70)];
    const [inside] = await findMatches(db, { frames: longer, mirrored: [] });
    expect(inside).toMatchObject({
      videoId: original.id,
      matchedFrames: 20,
      queryStart: 25,
      queryEnd: 35,
      matchStart: 5,
      matchEnd: 15,
    });
    const [mirrored] = await findMatches(db, {
      frames: randomFrames(40),
      mirrored: altered(originalFrames, 0),
    });
    expect(mirrored).toMatchObject({ videoId: original.id, mirrored: true });
  });

  it('looks up pictures sampled ten times a second against the stored two, between them', async () => {
    // A copy trimmed 1.3 s into the original, sampled every tenth of a second: its sample
    // 5i − 13 is the original's sample i (a re-encode of it); its other samples, the pictures
    // in between, are unlike any stored one.
    const copied = altered(originalFrames.slice(3), 0).map((frame, i) => ({
      ...frame,
      position: 5 * (i + 3) - 13,
    }));
    const between = randomFrames(5 * 37).filter((frame) => (frame.position + 13) % 5 !== 0);
    const frames = [...copied, ...between].sort((a, b) => a.position - b.position);
    const matches = await findMatches(
      db,
      { frames, mirrored: [], samplesPerSecond: 10 },
      { ownerId: copier.id },
    );
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      videoId: original.id,
      matchedFrames: 37,
      // Exact to a sample: the copy starts 1.3 s into the original.
      queryStart: 0,
      queryEnd: 18.7,
      matchStart: 1.3,
      matchEnd: 20,
    });
  });

  it("finds a cropped copy by the stored pictures' centres", async () => {
    const [cropped] = await findMatches(db, { frames: altered(originalCentres, 4), mirrored: [] });
    expect(cropped).toMatchObject({ videoId: original.id, queryStart: 2, matchStart: 0 });
  });

  it('reads the videos with the most close pictures first when many share one', async () => {
    // More videos than a lookup reads, each with one picture close to the copy's, stored
    // before the original (so found before it by the index): the original, with all of its
    // pictures close, is still among those read.
    const pictures = randomFrames(40);
    const copy = altered(pictures, 0);
    for (let n = 0; n <= MAX_CANDIDATE_VIDEOS; n++) {
      const decoy = await createVideo(db, { ownerId: creator.id });
      const frames = randomFrames(10);
      frames[n % 10] = { position: n % 10, hash: copy[n % 40]!.hash };
      await storeFingerprint(db, decoy.id, { sampleCount: 10, frames, centres: [], sound: [] });
    }
    const late = await createVideo(db, { ownerId: creator.id });
    await storeFingerprint(db, late.id, {
      sampleCount: 40,
      frames: pictures,
      centres: [],
      sound: [],
    });
    const matches = await findMatches(db, { frames: copy, mirrored: [] }, { ownerId: copier.id });
    expect(matches.map((m) => m.videoId)).toEqual([late.id]);
  });

  it("leaves out the uploader's own videos and the video itself", async () => {
    const copy = { frames: altered(originalFrames, 0), mirrored: [] };
    expect(await findMatches(db, copy, { ownerId: creator.id })).toEqual([]);
    expect(await findMatches(db, copy, { videoId: original.id })).toEqual([]);
  });

  it("keeps each picture's colour", async () => {
    const rows = await db
      .select({ colour: videoFrameHashes.colour })
      .from(videoFrameHashes)
      .where(eq(videoFrameHashes.videoId, colourful.id));
    expect(rows.map((row) => row.colour)).toEqual(colourfulFrames.map(() => warm));
  });

  it('does not count a pair of pictures alike in grey and unlike in colour', async () => {
    const grey = altered(colourfulFrames, 0);
    const nearly = colourOf([104, 108, 96 + MAX_COLOUR_DIFFERENCE, 100, 170, 162, 170, 150]);
    const lookup = (colour: bigint | null) =>
      findMatches(db, { frames: grey.map((frame) => ({ ...frame, colour })), mirrored: [] });
    expect(await lookup(cold)).toEqual([]);
    expect(await lookup(nearly)).toMatchObject([{ videoId: colourful.id, matchedFrames: 20 }]);
    // A newcomer whose colours are unknown is matched by the grey hash alone.
    expect(await lookup(null)).toMatchObject([{ videoId: colourful.id, matchedFrames: 20 }]);
  });

  it('matches a mirrored copy by its colours seen in a mirror, as its grey hashes', async () => {
    // The copy as seen is cold on the left, where the original is warm: a mirror's lookup
    // pictures carry the layout mirrored back.
    const seen = mirroredColour(warm);
    expect(colourDifference(seen, warm)).toBeGreaterThan(MAX_COLOUR_DIFFERENCE);
    const copy = (colour: bigint) => ({
      frames: randomFrames(20).map((frame) => ({ ...frame, colour: seen })),
      mirrored: altered(colourfulFrames, 0).map((frame) => ({ ...frame, colour })),
    });
    expect(await findMatches(db, copy(mirroredColour(seen)))).toMatchObject([
      { videoId: colourful.id, mirrored: true, matchedFrames: 20 },
    ]);
    // Its colours left as seen, the mirrored pictures would not count.
    expect(await findMatches(db, copy(seen))).toEqual([]);
  });

  it('matches pictures stored before colours were by the grey hash alone', async () => {
    // The original's pictures have no colour (as rows from before the migration).
    const copy = altered(originalFrames, 0).map((frame) => ({ ...frame, colour: cold }));
    expect(await findMatches(db, { frames: copy, mirrored: [] })).toMatchObject([
      { videoId: original.id, matchedFrames: 40 },
    ]);
  });

  it('needs enough pictures at one offset, each close enough bit by bit', async () => {
    // Too far apart bit by bit: the bands may meet, the hashes do not.
    const far = altered(originalFrames, 0, MAX_HAMMING + 4);
    expect(await findMatches(db, { frames: far, mirrored: [] })).toEqual([]);
    // The same pictures played backwards share no time offset.
    const shuffled = altered(originalFrames, 0).map((frame, i) => ({
      ...frame,
      position: 39 - i,
    }));
    expect(await findMatches(db, { frames: shuffled, mirrored: [] })).toEqual([]);
    expect(await findMatches(db, { frames: randomFrames(40), mirrored: [] })).toEqual([]);
  });
});
