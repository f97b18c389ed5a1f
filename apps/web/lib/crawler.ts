const CRAWLER_PATTERN =
  /bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|slackbot|headlesschrome\/.*lighthouse|google-inspectiontool|mediapartners-google|apis-google|feedfetcher|yandex|baidu|duckduckgo|semrush|ahrefs|mj12bot|petalbot|bytespider|gptbot|ccbot/i;

/** Whether a user agent belongs to a crawler: crawlers get no error page, only a log line. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && CRAWLER_PATTERN.test(userAgent));
}
