CREATE TYPE "public"."live_state" AS ENUM('live', 'ended');--> statement-breakpoint
CREATE TABLE "live_streams" (
	"video_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"state" "live_state" DEFAULT 'live' NOT NULL,
	"keep_recording" boolean DEFAULT true NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dropped_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"input_width" integer,
	"input_height" integer,
	"input_frame_rate" real
);
--> statement-breakpoint
CREATE TABLE "stream_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" "category" DEFAULT 'other' NOT NULL,
	"visibility" "video_visibility" DEFAULT 'public' NOT NULL,
	"keep_recording" boolean DEFAULT true NOT NULL,
	"last_refusal" text,
	"last_refusal_at" timestamp with time zone,
	CONSTRAINT "stream_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_keys" ADD CONSTRAINT "stream_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_streams_owner_state_idx" ON "live_streams" USING btree ("owner_id","state");