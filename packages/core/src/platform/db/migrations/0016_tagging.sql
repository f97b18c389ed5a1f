CREATE TABLE "label_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" text NOT NULL,
	"actor_id" text,
	"actor_username" text NOT NULL,
	"kind" "label_kind" NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reverted_by_id" text,
	"reverted_by_username" text,
	"reverted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "label_disputes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" text NOT NULL,
	"reason" text NOT NULL,
	"raised_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_by_id" text,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tagger_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tagger_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"motivation" text NOT NULL,
	"sample_tags" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_changes" ADD CONSTRAINT "label_changes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_changes" ADD CONSTRAINT "label_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_changes" ADD CONSTRAINT "label_changes_reverted_by_id_users_id_fk" FOREIGN KEY ("reverted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_disputes" ADD CONSTRAINT "label_disputes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_disputes" ADD CONSTRAINT "label_disputes_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_disputes" ADD CONSTRAINT "label_disputes_settled_by_id_users_id_fk" FOREIGN KEY ("settled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tagger_applications" ADD CONSTRAINT "tagger_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tagger_applications" ADD CONSTRAINT "tagger_applications_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_changes_created_idx" ON "label_changes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "label_changes_actor_idx" ON "label_changes" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "label_changes_label_idx" ON "label_changes" USING btree ("video_id","kind","name","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "label_disputes_open_idx" ON "label_disputes" USING btree ("video_id") WHERE settled_at is null;--> statement-breakpoint
CREATE INDEX "label_disputes_queue_idx" ON "label_disputes" USING btree ("created_at") WHERE settled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tagger_applications_one_open_idx" ON "tagger_applications" USING btree ("user_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "tagger_applications_state_idx" ON "tagger_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "tagger_applications_user_idx" ON "tagger_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_few_labels_idx" ON "videos" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and cardinality(label_keys) < 3;