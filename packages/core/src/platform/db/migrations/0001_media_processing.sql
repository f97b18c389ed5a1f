ALTER TABLE "videos" ADD COLUMN "aspect_ratio" real;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_prefix" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "master_playlist_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "poster_webp_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "sprites_vtt_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "av1_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "has_av1" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "job_id" text;