CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."category" AS ENUM('pmv', 'hmv', 'hypno', 'tiktok', 'koreanbj', 'other');--> statement-breakpoint
CREATE TYPE "public"."label_kind" AS ENUM('tag', 'music', 'star', 'creator');--> statement-breakpoint
CREATE TYPE "public"."video_status" AS ENUM('processing', 'published', 'unpublished_user', 'unpublished_admin', 'failed');--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_username" text,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"account_type" text DEFAULT 'password' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_supporter" boolean DEFAULT false NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_labels" (
	"video_id" text NOT NULL,
	"kind" "label_kind" NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "video_labels_video_id_kind_name_pk" PRIMARY KEY("video_id","kind","name")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" "category" DEFAULT 'other' NOT NULL,
	"is_explicit" boolean DEFAULT false NOT NULL,
	"is_same_sex" boolean DEFAULT false NOT NULL,
	"is_trans" boolean DEFAULT false NOT NULL,
	"has_seizure_warning" boolean DEFAULT false NOT NULL,
	"status" "video_status" DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"progress" real DEFAULT 0 NOT NULL,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"top_quality" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"is_reported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_labels" ADD CONSTRAINT "video_labels_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "video_labels_kind_name_idx" ON "video_labels" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "videos_owner_idx" ON "videos" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_published_idx" ON "videos" USING btree ("status","published_at");