-- label_keys also carries the video's category and set flags ('category:hmv', 'flag:trans'), so
-- a filter of labels within a category is one GIN lookup instead of a label lookup intersected
-- with a whole category (docs/browse.md). A BEFORE trigger keeps them: the label trigger writes
-- the label keys, this one adds the rest whenever the row is written.
CREATE OR REPLACE FUNCTION cutroom_filter_keys(category category, is_explicit boolean,
  is_same_sex boolean, is_trans boolean, has_seizure_warning boolean)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array['category:' || category::text]
    || CASE WHEN is_explicit THEN array['flag:explicit'] ELSE '{}'::text[] END
    || CASE WHEN is_same_sex THEN array['flag:sameSex'] ELSE '{}'::text[] END
    || CASE WHEN is_trans THEN array['flag:trans'] ELSE '{}'::text[] END
    || CASE WHEN has_seizure_warning THEN array['flag:seizureWarning'] ELSE '{}'::text[] END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cutroom_videos_filter_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.label_keys := ARRAY(
      SELECT k FROM unnest(NEW.label_keys) AS k
      WHERE k NOT LIKE 'category:%' AND k NOT LIKE 'flag:%' ORDER BY k)
    || cutroom_filter_keys(NEW.category, NEW.is_explicit, NEW.is_same_sex, NEW.is_trans,
      NEW.has_seizure_warning);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_filter_keys
  BEFORE INSERT OR UPDATE OF category, is_explicit, is_same_sex, is_trans, has_seizure_warning, label_keys
  ON videos FOR EACH ROW EXECUTE FUNCTION cutroom_videos_filter_keys();
--> statement-breakpoint
UPDATE videos SET label_keys = label_keys;
