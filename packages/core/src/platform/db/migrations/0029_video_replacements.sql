CREATE TABLE "video_replacements" (
	"video_id" text PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"job_id" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_replacements" ADD CONSTRAINT "video_replacements_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;