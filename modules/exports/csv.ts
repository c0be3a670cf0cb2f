import { format, type CsvFormatterStream } from "@fast-csv/format";
import { parseString } from "@fast-csv/parse";

/**
 * The column every CSV with dates or times ends with: the IANA name of the organization's time zone that
 * its dates and times are written in (docs/decisions/041).
 */
export const TIME_ZONE_COLUMN = "Time zone";

/**
 * The check-in export's header: spec-2 section 9's eight columns word for word and in their order, then
 * who took the child home ('Picked up by', issue 15) and the time zone of the times and dates (decision 041).
 */
export const CHECK_IN_HEADER = ["Member ID", "Name", "Contact email", "Contact number", "Check-in time", "Check-out time", "Date", "Program Registered", "Picked up by", TIME_ZONE_COLUMN] as const;

/**
 * The participant report fields (spec-2 section 3 'Participant or user in lists' and the /participant_report
 * row), with the status reason and the profile's further answers (decision 070) beside their neighbours.
 */
export const PARTICIPANT_HEADER = [
  "Member ID",
  "First name",
  "Last name",
  "Status",
  "Status reason",
  "Date of birth",
  "Age",
  "Gender",
  "Pronouns",
  "Email",
  "Phone number",
  "Contact name",
  "Preferred contact",
  "Address",
  "Postal code",
  "Province or state",
  "School",
  "Medical conditions",
  "Pick-up permission",
  "Household income",
  "Born in Canada",
  "Programme interest",
  "How they heard about us",
  "Waiver signed",
  "Flagged",
  "Created date",
  TIME_ZONE_COLUMN,
] as const;

/**
 * The program report's fields (spec-2 section 3 'Program report row'; decision 054) in readable words, in
 * the spec's order, then whether the row is a drop-in and the absent and excused counts the call answers.
 */
export const PROGRAM_REPORT_HEADER = [
  "Program ID",
  "Member ID",
  "Username",
  "First name",
  "Last name",
  "Email",
  "Contact name",
  "Phone number",
  "Gender",
  "Specific gender",
  "Household income",
  "Race",
  "Specific race",
  "Medical conditions",
  "Points",
  "FSA",
  "Age",
  "Program name",
  "Sessions",
  "Attendance percentage",
  "Attendance count",
  "Drop-in",
  "Absent count",
  "Excused count",
] as const;

/** The program summary's fields (spec-2 section 3 'Program summary row'), then the sessions, the archive date and the time zone of the dates. */
export const PROGRAM_SUMMARY_HEADER = [
  "Program",
  "Genders",
  "Age category",
  "Mean age",
  "Week days",
  "Activity type",
  "Category type",
  "Members limit",
  "Start date",
  "Total hours",
  "Total registrants",
  "Total attendees",
  "Total absent",
  "Average attendees",
  "Average total participants",
  "Sessions",
  "Archived on",
  TIME_ZONE_COLUMN,
] as const;

/** The event report (spec-2 section 3 'Event report'): the event's name, dates and attendees on each row, then the member fields, postal code, attendance and points. */
export const EVENT_REPORT_HEADER = [
  "Event",
  "Start date",
  "End date",
  "Attendees",
  "Member ID",
  "First name",
  "Last name",
  "Date of birth",
  "Age",
  "Gender",
  "Email",
  "Phone number",
  "Contact name",
  "Medical conditions",
  "Postal code",
  "Attendance",
  "Points",
  TIME_ZONE_COLUMN,
] as const;

/** A staff user group's list (decision 061): the list's columns. */
export const USER_LIST_HEADER = ["First name", "Last name", "Username", "Email", "Phone number", "User group", "Status", "Status reason", "Invitation", "Created date", TIME_ZONE_COLUMN] as const;

/** The parents' list (decision 072): a parent's contact, status, and their children as "Name (relationship)". */
export const PARENT_LIST_HEADER = ["First name", "Last name", "Email", "Phone number", "Status", "Children", "Created date", TIME_ZONE_COLUMN] as const;

/** A survey's report (decision 106): one row per member and answer (spec-2 section 3's answer fields). */
export const SURVEY_REPORT_HEADER = ["Survey", "Version", "Member ID", "First name", "Last name", "Email", "Status", "Completed date", "Item code", "Question", "Answer label", "Answer value", TIME_ZONE_COLUMN] as const;

/** A pre/post pair's evaluation (decisions 105, 106): one row per member and item code answered in both. */
export const SURVEY_EVALUATION_HEADER = ["Pre survey", "Post survey", "Member ID", "First name", "Last name", "Email", "Item code", "Question", "Pre value", "Post value", "Change"] as const;

/**
 * Formula neutralisation (decision 015). A cell is prefixed with one single quote when its text starts
 * with = + - @ tab or carriage return, or with one or more single quotes followed by one of those.
 * Reading back removes one leading quote exactly when the cell starts with quotes followed by a trigger.
 * So no written cell starts with a trigger, and restoreCell(neutralizeCell(t)) === t for every text t.
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const WAS_QUOTED = /^'+[=+\-@\t\r]/;

export const FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r"] as const;

export function neutralizeCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : String(value);
  // fast path: most cells start with none of = + - @ tab CR or the quote
  const first = text.charCodeAt(0);
  if (first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13 && first !== 39) return text;
  return NEEDS_QUOTE.test(text) ? `'${text}` : text;
}

export function restoreCell(cell: string): string {
  return WAS_QUOTED.test(cell) ? cell.slice(1) : cell;
}

/**
 * The CSV dialect of every export: RFC 4180 (comma, CRLF, double quotes doubled), every cell quoted (so a
 * cell of spaces keeps them in every reader, fast-csv's parser included),
 * UTF-8 with a byte order mark so spreadsheets read accents right. fast-csv drops NUL characters.
 */
export const CSV_OPTIONS = { delimiter: ",", rowDelimiter: "\r\n", quote: '"', escape: '"', quoteColumns: true, quoteHeaders: true, writeBOM: true, includeEndRowDelimiter: true } as const;

/** A fast-csv formatter stream that takes rows as arrays; the header is written (neutralised) first. */
export function csvFormatter(header: readonly string[]): CsvFormatterStream<string[], string[]> {
  const stream = format<string[], string[]>({ ...CSV_OPTIONS, headers: false });
  stream.write(header.map(neutralizeCell));
  return stream;
}

/** Parses an export's CSV text back into rows of original cell text (tests and checks). */
export function parseExportCsv(text: string): Promise<string[][]> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(body, { headers: false, delimiter: ",", quote: '"', escape: '"', ignoreEmpty: false })
      .on("data", (row: string[]) => rows.push(row.map(restoreCell)))
      .on("error", reject)
      .on("end", () => resolve(rows));
  });
}
