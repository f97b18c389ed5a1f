const fullDate = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "Nov 21, 2026, 10:36 PM UTC": the server renders it, so it names its time zone. */
export function formatMessageDate(date: Date): string {
  return `${fullDate.format(date)} UTC`;
}
