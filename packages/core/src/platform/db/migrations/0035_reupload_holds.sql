ALTER TYPE "public"."video_status" ADD VALUE 'held';--> statement-breakpoint
CREATE TABLE "reupload_holds" (
	"video_id" text PRIMARY KEY NOT NULL,
	"matched_video_id" text,
	"matches" jsonb NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"dispute" text,
	"disputed_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reupload_holds" ADD CONSTRAINT "reupload_holds_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reupload_holds" ADD CONSTRAINT "reupload_holds_matched_video_id_videos_id_fk" FOREIGN KEY ("matched_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reupload_holds" ADD CONSTRAINT "reupload_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reupload_holds_waiting_idx" ON "reupload_holds" USING btree ("created_at") WHERE state = 'held';--> statement-breakpoint
CREATE INDEX "reupload_holds_matched_idx" ON "reupload_holds" USING btree ("matched_video_id");