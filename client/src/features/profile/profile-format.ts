/** Member since, as a long US date ('March 14, 2015'), read in UTC so the day never shifts. */
export function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whole years between created_at and now (a birthday-style count). */
export function accountAgeYears(createdAt: string, now: Date = new Date()): number {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return 0;
  let years = now.getUTCFullYear() - created.getUTCFullYear();
  const beforeAnniversary =
    now.getUTCMonth() < created.getUTCMonth() ||
    (now.getUTCMonth() === created.getUTCMonth() && now.getUTCDate() < created.getUTCDate());
  if (beforeAnniversary) years -= 1;
  return Math.max(0, years);
}

/** The blog as a link: https:// is added unless it already starts with http. */
export function blogHref(blog: string): string {
  const trimmed = blog.trim();
  return trimmed.startsWith('http') ? trimmed : `https://${trimmed}`;
}
