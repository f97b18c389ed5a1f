ALTER TABLE "staff_actions" ADD COLUMN "owner_id" text;--> statement-breakpoint
CREATE INDEX "staff_actions_owner_idx" ON "staff_actions" USING btree ("owner_id","created_at" DESC NULLS LAST);