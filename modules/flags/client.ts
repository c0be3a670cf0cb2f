import type { FlagType } from "./events";

export type { FlagType };

/**
 * The flags' one language (issue 15, docs/decisions/037), for every screen that names a flag: the flag
 * dialog, Flagged Members, the note cards, the check-in board, the participant's header and dialog.
 * Stop is red and blocks check-in and check-out; Warn is amber and a reminder (spec-2 section 4). The
 * kiosk alone says 'Take Caution' for a warning and the spec's stop text, never the reason.
 */
export const FLAG_NAME = { stop: "Stop", warn: "Warn" } as const satisfies Record<FlagType, string>;
export const FLAG_COLOR = { stop: "red", warn: "amber" } as const satisfies Record<FlagType, string>;
export const FLAG_MEANING = {
  stop: "The member cannot check in or out until the flag is resolved.",
  warn: "A reminder. The member can still check in.",
} as const satisfies Record<FlagType, string>;

/** 'Stop flag' / 'Warn flag': the badge and the notes' label. */
export const flagLabel = (type: FlagType) => `${FLAG_NAME[type]} flag`;

/** The kiosk's warning title (spec-1 section 6). */
export const KIOSK_WARN_TITLE = "Take Caution";

/**
 * The flag a flag note stands for: Manual Warn Flag is a warning; Manual Flag and the screening's System
 * Generated flag are stops (spec-2 section 5). A note that is not a flag's: null.
 */
export function flagTypeOfNote(note: { is_flag_note: boolean; type: string | null }): FlagType | null {
  if (!note.is_flag_note) return null;
  return note.type === "Manual Warn Flag" ? "warn" : "stop";
}

/**
 * The reasons of a member's active flags of one type, as staff read them before a check-out (issue 15).
 * Takes the participant detail's `flags.data` as it comes (its rows are not typed for the browser) and
 * keeps the rows that carry a type and a message.
 */
export function flagReasons(flags: readonly unknown[] | undefined, type: FlagType): string[] {
  return (flags ?? []).flatMap((f) => {
    const row = f as { type?: unknown; message?: unknown } | null;
    return row && row.type === type && typeof row.message === "string" && row.message.trim() !== "" ? [row.message] : [];
  });
}
