/**
 * The organization's time zone (docs/decisions/032): an IANA name, default America/Toronto, and the
 * day computations every "today" goes through. Pure and Intl-only (no dayjs, no Node API): the
 * browser's check-in screens import it too, so the board's day and the server's day are one rule.
 */

export const DEFAULT_TIME_ZONE = "America/Toronto";

export const TIME_ZONE_MESSAGE = "Time Zone must be a valid time zone, e.g. America/Vancouver";

/** A zone name, not an offset ('+05:00' is refused even where Intl takes it): letters first, then letters, digits, '/', '_', '+', '-'. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const canonical = new Map<string, string | null>();
let listed: Map<string, string> | null = null;

/** The listed names (Intl's list, the zones of Canada and the United States, UTC) by their lower case. */
const listedNames = () => (listed ??= new Map([...supportedTimeZones(), ...NORTH_AMERICAN_TIME_ZONES].map((z) => [z.toLowerCase(), z])));

/**
 * The zone's name as stored: a listed name in its own spelling ('america/vancouver' -> 'America/Vancouver');
 * another name Intl knows as Intl resolves it ('US/Pacific' -> 'America/Los_Angeles'); null for a name
 * Intl does not know (or an offset).
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim();
  if (!ZONE_NAME.test(name)) return null;
  const known = canonical.get(name);
  if (known !== undefined) return known;
  let resolved: string | null;
  try {
    const intl = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    resolved = listedNames().get(name.toLowerCase()) ?? intl;
  } catch {
    resolved = null;
  }
  if (canonical.size < 1000) canonical.set(name, resolved);
  return resolved;
}

export const isTimeZone = (value: unknown): boolean => canonicalTimeZone(value) !== null;

/**
 * The zone of an organization's settings. Settings stored before the setting existed have none, and a
 * zone that this machine's Intl no longer knows cannot be computed with: both read as the default.
 */
export const timeZoneOf = (settings: { time_zone?: unknown } | null | undefined): string =>
  canonicalTimeZone(settings?.time_zone) ?? DEFAULT_TIME_ZONE;

/* ---------- days ---------- */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

const cached = (map: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) => {
  let formatter = map.get(timeZone);
  if (!formatter) {
    formatter = make();
    map.set(timeZone, formatter);
  }
  return formatter;
};

/**
 * The calendar day 'YYYY-MM-DD' in a time zone at the instant `now`. On every check-in's path (the
 * screening day), so it reuses a cached formatter (docs/decisions/018).
 */
export function todayIn(timeZone: string, now: Date): string {
  const formatter = cached(dayFormatters, timeZone, () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }));
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The zone's offset from UTC at the instant `at`, in milliseconds (wall clock minus UTC). */
function offsetAt(timeZone: string, at: number): number {
  const formatter = cached(
    wallFormatters,
    timeZone,
    () => new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }),
  );
  const p = Object.fromEntries(formatter.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

const HOUR = 3_600_000;

/**
 * The first instant of the calendar day `date` ('YYYY-MM-DD') in a time zone: local midnight, or the
 * first instant after it where a change of offset skips midnight.
 */
export function startOfDayIn(timeZone: string, date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00.000Z`);
  // the offsets in force around that midnight (a change of offset is never more than a day away from both)
  const offsets = new Set([offsetAt(timeZone, utcMidnight - 14 * HOUR), offsetAt(timeZone, utcMidnight), offsetAt(timeZone, utcMidnight + 14 * HOUR)]);
  let first = Number.POSITIVE_INFINITY;
  for (const offset of offsets) {
    const candidate = utcMidnight - offset;
    if (candidate < first && todayIn(timeZone, new Date(candidate)) === date) first = candidate;
  }
  return new Date(Number.isFinite(first) ? first : utcMidnight);
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a wall-clock time 'YYYY-MM-DDTHH:mm' (a datetime-local input) in a time zone, or null
 * when it is not one. In a gap of a change of offset (02:30 on the spring-forward night) it is the time
 * after the gap, as a clock on the wall would read it; in an overlap, the first of the two.
 */
export function instantOfWallTime(timeZone: string, wall: string): Date | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 16) !== wall) return null;
  const candidates = [offsetAt(timeZone, utc - 14 * HOUR), offsetAt(timeZone, utc + 14 * HOUR)].map((offset) => utc - offset);
  const exact = candidates.filter((t) => wallTimeOf(timeZone, new Date(t)) === wall).sort((a, b) => a - b);
  return new Date(exact[0] ?? Math.max(...candidates));
}

/** The wall-clock time 'YYYY-MM-DDTHH:mm' of an instant in a time zone (what a datetime-local input shows). */
export function wallTimeOf(timeZone: string, at: Date): string {
  return new Date(at.getTime() + offsetAt(timeZone, at.getTime())).toISOString().slice(0, 16);
}

/** The day after `date` ('YYYY-MM-DD'). */
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 24 * HOUR).toISOString().slice(0, 10);

/**
 * The bounds of the calendar day around `now` in a time zone, as ISO instants [start, end): from one
 * local midnight to the next, so a day when the clocks change is 23 or 25 hours long.
 */
export function dayBoundsIn(timeZone: string, now: Date): { start: string; end: string } {
  const date = todayIn(timeZone, now);
  return { start: startOfDayIn(timeZone, date).toISOString(), end: startOfDayIn(timeZone, nextDate(date)).toISOString() };
}

/* ---------- the choices on /customize ---------- */

/** The zones of Canada and the United States (IANA's zone.tab, CA and US), west to east within each. */
export const NORTH_AMERICAN_TIME_ZONES = [
  "America/Vancouver",
  "America/Whitehorse",
  "America/Dawson",
  "America/Dawson_Creek",
  "America/Fort_Nelson",
  "America/Creston",
  "America/Edmonton",
  "America/Cambridge_Bay",
  "America/Inuvik",
  "America/Regina",
  "America/Swift_Current",
  "America/Winnipeg",
  "America/Rankin_Inlet",
  "America/Resolute",
  "America/Toronto",
  "America/Iqaluit",
  "America/Atikokan",
  "America/Halifax",
  "America/Glace_Bay",
  "America/Moncton",
  "America/Goose_Bay",
  "America/Blanc-Sablon",
  "America/St_Johns",
  "Pacific/Honolulu",
  "America/Adak",
  "America/Anchorage",
  "America/Juneau",
  "America/Sitka",
  "America/Metlakatla",
  "America/Yakutat",
  "America/Nome",
  "America/Los_Angeles",
  "America/Boise",
  "America/Denver",
  "America/Phoenix",
  "America/Chicago",
  "America/Indiana/Tell_City",
  "America/Indiana/Knox",
  "America/Menominee",
  "America/North_Dakota/Center",
  "America/North_Dakota/New_Salem",
  "America/North_Dakota/Beulah",
  "America/New_York",
  "America/Detroit",
  "America/Kentucky/Louisville",
  "America/Kentucky/Monticello",
  "America/Indiana/Indianapolis",
  "America/Indiana/Vincennes",
  "America/Indiana/Winamac",
  "America/Indiana/Marengo",
  "America/Indiana/Petersburg",
  "America/Indiana/Vevay",
] as const;

export type TimeZoneOption = { value: string; label: string; group: "Canada and the United States" | "Other time zones" };

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'America/Vancouver (UTC-08:00)': the name, its underscores as spaces, and its offset at `at`. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  let offset = "";
  try {
    const formatter = cached(offsetFormatters, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }));
    const name = formatter.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";
    offset = name === "GMT" ? "UTC+00:00" : name.replace(/^GMT/, "UTC");
  } catch {
    offset = "";
  }
  const text = timeZone.replace(/_/g, " ");
  return offset ? `${text} (${offset})` : text;
}

/**
 * The /customize choices: the zones of Canada and the United States first (those this machine knows),
 * then every other zone Intl lists, by name; `current` is kept even when neither list has it.
 */
export function timeZoneOptions(current: string = DEFAULT_TIME_ZONE, supported: readonly string[] = supportedTimeZones(), at: Date = new Date()): TimeZoneOption[] {
  const known = new Set(supported);
  const first = NORTH_AMERICAN_TIME_ZONES.filter((z) => known.has(z) || isTimeZone(z));
  const firstSet = new Set<string>(first);
  const rest = [...new Set(supported)].filter((z) => !firstSet.has(z)).sort();
  if (current && !firstSet.has(current) && !known.has(current)) rest.unshift(current);
  return [
    ...first.map((value): TimeZoneOption => ({ value, label: timeZoneLabel(value, at), group: "Canada and the United States" })),
    ...rest.map((value): TimeZoneOption => ({ value, label: timeZoneLabel(value, at), group: "Other time zones" })),
  ];
}

function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  const list = typeof intl.supportedValuesOf === "function" ? intl.supportedValuesOf("timeZone") : [];
  return list.includes("UTC") ? list : [...list, "UTC"];
}
