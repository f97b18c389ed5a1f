import type { Category } from '@cutroom/core/platform/db/schema';

/**
 * Display names of the fixed categories. A module of its own, importing only a type, so that
 * client components can use it without bundling the configuration and database schema
 * (zod and drizzle: 46 KB compressed on the video page).
 */
export const CATEGORY_NAMES: Record<Category, string> = {
  pmv: 'PMV',
  hmv: 'HMV',
  hypno: 'Hypno',
  tiktok: 'TikTok',
  koreanbj: 'Korean BJ',
  other: 'Other',
};
