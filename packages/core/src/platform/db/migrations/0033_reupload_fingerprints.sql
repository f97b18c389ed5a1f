CREATE TABLE "video_fingerprints" (
	"video_id" text PRIMARY KEY NOT NULL,
	"sample_count" integer NOT NULL,
	"sound" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_frame_hashes" (
	"video_id" text NOT NULL,
	"position" integer NOT NULL,
	"variant" smallint DEFAULT 0 NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	CONSTRAINT "video_frame_hashes_video_id_position_variant_pk" PRIMARY KEY("video_id","position","variant")
);
--> statement-breakpoint
ALTER TABLE "video_fingerprints" ADD CONSTRAINT "video_fingerprints_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_frame_hashes" ADD CONSTRAINT "video_frame_hashes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band0_idx" ON "video_frame_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band1_idx" ON "video_frame_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band2_idx" ON "video_frame_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "video_frame_hashes_band3_idx" ON "video_frame_hashes" USING btree ("band3");