-- Each stored picture's colour layout (colourOf in fingerprint.ts). Null for the pictures
-- stored before: the lookup treats their colour as unknown and never refuses a pair for it.
ALTER TABLE "video_frame_hashes" ADD COLUMN "colour" bigint;
