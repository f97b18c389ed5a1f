// Pages' client components import this file: it holds no zod and no database code.

/** Limits of a tagger application, shown beside its fields. */
export const MOTIVATION_MIN = 30;
export const MOTIVATION_MAX = 2000;
export const SAMPLE_TAGS_MIN = 10;
export const SAMPLE_TAGS_MAX = 1000;
export const DECISION_REASON_MAX = 500;
export const LABEL_NAME_MAX = 60;
export const FLAG_REASON_MAX = 300;
