ALTER TYPE "public"."video_visibility" ADD VALUE 'password';--> statement-breakpoint
CREATE TABLE "video_passwords" (
	"video_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_passwords" ADD CONSTRAINT "video_passwords_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;