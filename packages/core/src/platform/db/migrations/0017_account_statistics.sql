CREATE TABLE "video_daily_watch" (
	"video_id" text NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_watch_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
ALTER TABLE "video_daily_watch" ADD CONSTRAINT "video_daily_watch_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_votes_video_idx" ON "video_votes" USING btree ("video_id","created_at");