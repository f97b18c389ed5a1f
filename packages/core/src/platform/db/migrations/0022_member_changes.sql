-- Members' sessions and their own parts of shared pages are kept in each web process's memory
-- (docs/decisions/0036). Every change to what those entries are read from is announced here,
-- by the database itself, whichever code or tool made it: on `cutroom_members`, 'm:<member id>'
-- for a member's account, sessions, messages, blocks, votes, favorites, subscriptions and
-- reports; 'staff' for any report (staff see counts of open reports); 'all' for a video
-- removed or given to another owner. NOTIFY delivers after commit and folds repeats within a
-- transaction into one.
CREATE FUNCTION "cutroom_announce_member_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item text;
  member text;
BEGIN
  FOREACH item IN ARRAY TG_ARGV LOOP
    IF item IN ('staff', 'all') THEN
      PERFORM pg_notify('cutroom_members', item);
      CONTINUE;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      member := to_jsonb(OLD) ->> item;
      IF member IS NOT NULL THEN PERFORM pg_notify('cutroom_members', 'm:' || member); END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      member := to_jsonb(NEW) ->> item;
      IF member IS NOT NULL THEN PERFORM pg_notify('cutroom_members', 'm:' || member); END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_announce_member_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "messages_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('recipient_id');--> statement-breakpoint
CREATE TRIGGER "user_blocks_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "user_blocks" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('blocker_id');--> statement-breakpoint
CREATE TRIGGER "video_votes_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "video_votes" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "video_favorites_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "video_favorites" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('subscriber_id');--> statement-breakpoint
CREATE TRIGGER "reports_announce_member_change" AFTER INSERT OR UPDATE OR DELETE ON "reports" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('reporter_id', 'staff');--> statement-breakpoint
CREATE TRIGGER "videos_removed_announce_member_change" AFTER DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION "cutroom_announce_member_change"('all');--> statement-breakpoint
CREATE TRIGGER "videos_owner_announce_member_change" AFTER UPDATE OF "owner_id" ON "videos" FOR EACH ROW WHEN (OLD."owner_id" IS DISTINCT FROM NEW."owner_id") EXECUTE FUNCTION "cutroom_announce_member_change"('all');
