// Texts about held re-uploads that the owner's pages show (docs/reuploads.md). No imports: the
// browser's processing list uses them too.

/** Why a held upload is not on the site, where its owner follows their uploads. */
export const HELD_UPLOAD_TEXT =
  'Held for review: it matches another member’s video. Staff will decide; open it to see the match or to dispute.';
