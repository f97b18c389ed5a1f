ALTER TABLE "comments" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "held_detail" text;--> statement-breakpoint
ALTER TABLE "reupload_holds" ADD COLUMN "original_video_id" text;--> statement-breakpoint
ALTER TABLE "reupload_holds" ADD CONSTRAINT "reupload_holds_original_video_id_videos_id_fk" FOREIGN KEY ("original_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reupload_holds_original_idx" ON "reupload_holds" USING btree ("original_video_id");--> statement-breakpoint
-- Holds before the lineage: the original is the best-matched video.
UPDATE "reupload_holds" SET "original_video_id" = "matched_video_id";
