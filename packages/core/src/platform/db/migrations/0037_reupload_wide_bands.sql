-- The four 16-bit bands become three wide ones (bits 0-20, 21-41, 42-63: indexBandsOf in
-- fingerprint.ts), computed again from the stored hashes; the indexes, which carry the video
-- and the hash for an index-only lookup, are built after.
DROP INDEX "video_frame_hashes_band3_idx";--> statement-breakpoint
DROP INDEX "video_frame_hashes_band0_idx";--> statement-breakpoint
DROP INDEX "video_frame_hashes_band1_idx";--> statement-breakpoint
DROP INDEX "video_frame_hashes_band2_idx";--> statement-breakpoint
ALTER TABLE "video_frame_hashes" DROP COLUMN "band3";--> statement-breakpoint
UPDATE "video_frame_hashes" SET "band0" = ("hash" & 2097151)::integer, "band1" = (("hash" >> 21) & 2097151)::integer, "band2" = (("hash" >> 42) & 4194303)::integer;--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band0_idx" ON "video_frame_hashes" USING btree ("band0","video_id","hash");--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band1_idx" ON "video_frame_hashes" USING btree ("band1","video_id","hash");--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band2_idx" ON "video_frame_hashes" USING btree ("band2","video_id","hash");
