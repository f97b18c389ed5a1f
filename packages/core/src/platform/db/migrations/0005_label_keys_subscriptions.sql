CREATE TABLE "subscriptions" (
	"subscriber_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_subscriber_id_channel_id_pk" PRIMARY KEY("subscriber_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "label_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscriber_id_users_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_channel_id_users_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_channel_idx" ON "subscriptions" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "videos_label_keys_idx" ON "videos" USING gin ("label_keys");--> statement-breakpoint
-- label_keys joins label_text in what the label trigger keeps (docs/browse.md).
CREATE OR REPLACE FUNCTION cutroom_refresh_label_columns(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE videos v SET
    label_text = coalesce(s.names, ''),
    label_keys = coalesce(s.keys, '{}'::text[])
  FROM (
    SELECT i.id,
      (SELECT string_agg(l.name, ' ' ORDER BY l.kind, l.name) FROM video_labels l WHERE l.video_id = i.id) AS names,
      (SELECT array_agg(l.kind::text || ':' || l.name ORDER BY l.kind, l.name) FROM video_labels l WHERE l.video_id = i.id) AS keys
    FROM unnest(ids) AS i(id)
  ) AS s
  WHERE v.id = s.id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cutroom_labels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO published_counts AS pc (kind, name, count)
    SELECT o.kind::text, o.name, -count(*) FROM old_labels o
      JOIN videos v ON v.id = o.video_id AND v.status = 'published'
      GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (kind, name) DO UPDATE SET count = pc.count + EXCLUDED.count;
    PERFORM cutroom_refresh_label_columns(ARRAY(SELECT DISTINCT video_id FROM old_labels));
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
    PERFORM cutroom_refresh_label_columns(ARRAY(SELECT DISTINCT video_id FROM new_labels));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE videos v SET label_keys = s.keys FROM (
  SELECT video_id, array_agg(kind::text || ':' || name ORDER BY kind, name) AS keys FROM video_labels GROUP BY video_id
) AS s WHERE s.video_id = v.id;
