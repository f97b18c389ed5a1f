ALTER TYPE "public"."live_state" ADD VALUE 'scheduled' BEFORE 'live';--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "scheduled_for" timestamp with time zone;