ALTER TABLE "held_staff_actions" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "held_staff_actions" ADD COLUMN "started_at" timestamp with time zone;