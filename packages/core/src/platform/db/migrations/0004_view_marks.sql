CREATE TABLE "view_marks" (
	"video_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "view_marks_video_id_viewer_key_day_pk" PRIMARY KEY("video_id","viewer_key","day")
);
--> statement-breakpoint
ALTER TABLE "view_marks" ADD CONSTRAINT "view_marks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "view_marks_day_idx" ON "view_marks" USING btree ("day");