/** Times and dates of the parents' home, in the organization's time zone (decision 032), the same on server and browser. */
const clean = (text: string) => text.replace(/\u202f/g, " ");

/** '3:30 PM' */
export const timeIn = (iso: string, timeZone: string) =>
  clean(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(new Date(iso)));

/** 'Tue, Nov 24' */
export const shortDateIn = (iso: string, timeZone: string) =>
  clean(new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(new Date(iso)));

/** 'Thursday, November 26' for a calendar day 'YYYY-MM-DD' (its noon in UTC names the same day everywhere). */
export const longDay = (date: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));

/** 'November' for a calendar day 'YYYY-MM-DD'. */
export const monthName = (date: string) => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long" }).format(new Date(`${date}T12:00:00Z`));
