CREATE TABLE "published_counts" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "published_counts_kind_name_pk" PRIMARY KEY("kind","name")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"frequency" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_daily_views" (
	"video_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_views_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_history_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
DROP INDEX "video_labels_kind_name_idx";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "label_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', label_text), 'B') || setweight(to_tsvector('english', description), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "video_daily_views" ADD CONSTRAINT "video_daily_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_counts_top_idx" ON "published_counts" USING btree ("kind","count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "video_daily_views_day_idx" ON "video_daily_views" USING btree ("day","video_id","views");--> statement-breakpoint
CREATE INDEX "watch_history_recent_idx" ON "watch_history" USING btree ("user_id","watched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "videos_popular_idx" ON "videos" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "videos_category_newest_idx" ON "videos" USING btree ("category","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "videos_category_popular_idx" ON "videos" USING btree ("category","views" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "video_labels_kind_name_idx" ON "video_labels" USING btree ("kind","name","video_id");--> statement-breakpoint
-- Kept by hand: the counts, the search dictionary and label_text follow every change to a
-- video or its labels in the same transaction (docs/browse.md).
CREATE OR REPLACE FUNCTION cutroom_bump_published_counts(v_id text, v_category text, v_published_at timestamptz, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO published_counts AS pc (kind, name, count)
  SELECT k, n, delta FROM (
    SELECT 'all' AS k, '' AS n
    UNION ALL SELECT 'category', v_category
    UNION ALL SELECT 'month', to_char(v_published_at AT TIME ZONE 'UTC', 'YYYY-MM')
    UNION ALL SELECT kind::text, name FROM video_labels WHERE video_id = v_id
  ) AS keys
  WHERE n IS NOT NULL
  ORDER BY k, n
  ON CONFLICT (kind, name) DO UPDATE SET count = pc.count + EXCLUDED.count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cutroom_add_search_terms(v_id text, v_title text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms AS st (term, frequency)
  SELECT DISTINCT w, 1 FROM (
    SELECT regexp_split_to_table(lower(v_title), '[^[:alnum:]]+') AS w
    UNION ALL SELECT lower(name) FROM video_labels WHERE video_id = v_id
    UNION ALL SELECT regexp_split_to_table(lower(name), '[^[:alnum:]]+') FROM video_labels WHERE video_id = v_id
  ) AS words
  WHERE length(w) BETWEEN 3 AND 64
  ORDER BY w
  ON CONFLICT (term) DO UPDATE SET frequency = st.frequency + 1;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cutroom_videos_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'published' AND NEW.status = 'published'
     AND OLD.category = NEW.category AND OLD.published_at IS NOT DISTINCT FROM NEW.published_at THEN
    IF OLD.title <> NEW.title THEN
      PERFORM cutroom_add_search_terms(NEW.id, NEW.title);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    PERFORM cutroom_bump_published_counts(OLD.id, OLD.category::text, OLD.published_at, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    PERFORM cutroom_bump_published_counts(NEW.id, NEW.category::text, NEW.published_at, 1);
    IF TG_OP = 'INSERT' OR OLD.status <> 'published' THEN
      PERFORM cutroom_add_search_terms(NEW.id, NEW.title);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_changed AFTER INSERT OR UPDATE OF status, category, published_at, title ON videos
  FOR EACH ROW EXECUTE FUNCTION cutroom_videos_changed();
--> statement-breakpoint
-- BEFORE: the labels are still there to be uncounted; the cascade then finds no published video.
CREATE TRIGGER videos_deleted BEFORE DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION cutroom_videos_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cutroom_labels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO published_counts AS pc (kind, name, count)
    SELECT o.kind::text, o.name, -count(*) FROM old_labels o
      JOIN videos v ON v.id = o.video_id AND v.status = 'published'
      GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (kind, name) DO UPDATE SET count = pc.count + EXCLUDED.count;
    UPDATE videos v SET label_text = coalesce(
        (SELECT string_agg(l.name, ' ' ORDER BY l.kind, l.name) FROM video_labels l WHERE l.video_id = v.id), '')
      WHERE v.id IN (SELECT video_id FROM old_labels);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO published_counts AS pc (kind, name, count)
    SELECT n.kind::text, n.name, count(*) FROM new_labels n
      JOIN videos v ON v.id = n.video_id AND v.status = 'published'
      GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (kind, name) DO UPDATE SET count = pc.count + EXCLUDED.count;
    INSERT INTO search_terms AS st (term, frequency)
    SELECT w, count(*) FROM (
      SELECT lower(n.name) AS w FROM new_labels n
        JOIN videos v ON v.id = n.video_id AND v.status = 'published'
      UNION ALL
      SELECT regexp_split_to_table(lower(n.name), '[^[:alnum:]]+') FROM new_labels n
        JOIN videos v ON v.id = n.video_id AND v.status = 'published'
        WHERE n.name ~ '[^[:alnum:]]'
    ) AS words
    WHERE length(w) BETWEEN 3 AND 64
    GROUP BY w ORDER BY w
    ON CONFLICT (term) DO UPDATE SET frequency = st.frequency + EXCLUDED.frequency;
    UPDATE videos v SET label_text = coalesce(
        (SELECT string_agg(l.name, ' ' ORDER BY l.kind, l.name) FROM video_labels l WHERE l.video_id = v.id), '')
      WHERE v.id IN (SELECT video_id FROM new_labels);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_labels_added AFTER INSERT ON video_labels
  REFERENCING NEW TABLE AS new_labels FOR EACH STATEMENT EXECUTE FUNCTION cutroom_labels_changed();
--> statement-breakpoint
CREATE TRIGGER video_labels_removed AFTER DELETE ON video_labels
  REFERENCING OLD TABLE AS old_labels FOR EACH STATEMENT EXECUTE FUNCTION cutroom_labels_changed();
--> statement-breakpoint
CREATE TRIGGER video_labels_updated AFTER UPDATE ON video_labels
  REFERENCING OLD TABLE AS old_labels NEW TABLE AS new_labels FOR EACH STATEMENT EXECUTE FUNCTION cutroom_labels_changed();
--> statement-breakpoint
-- Videos that existed before this migration.
INSERT INTO published_counts (kind, name, count)
SELECT k, n, count(*) FROM (
  SELECT 'all' AS k, '' AS n FROM videos WHERE status = 'published'
  UNION ALL SELECT 'category', category::text FROM videos WHERE status = 'published'
  UNION ALL SELECT 'month', to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM') FROM videos
    WHERE status = 'published' AND published_at IS NOT NULL
  UNION ALL SELECT l.kind::text, l.name FROM video_labels l JOIN videos v ON v.id = l.video_id
    WHERE v.status = 'published'
) AS keys GROUP BY k, n;
--> statement-breakpoint
UPDATE videos v SET label_text = s.names FROM (
  SELECT video_id, string_agg(name, ' ' ORDER BY kind, name) AS names FROM video_labels GROUP BY video_id
) AS s WHERE s.video_id = v.id;
