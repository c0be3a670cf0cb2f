import { z } from "zod";
import type { Command } from "../kernel";
import { FLAG_NOTE_TYPES, FLAG_TYPES, type FlagNoteType, type FlagType } from "./events";

export const FLAG_MESSAGES = {
  message: "Message is required",
  type: "Type must be warn or stop",
  participant: "Participant is required",
} as const;

const blank = (input: unknown) => input === undefined || input === null || input === "";

export const flagTypeSchema = z.enum(FLAG_TYPES, { error: (issue) => (blank(issue.input) ? "Type is required" : FLAG_MESSAGES.type) });
export const flagMessageSchema = z.string({ error: FLAG_MESSAGES.message }).trim().min(1, { error: FLAG_MESSAGES.message }).max(2000, { error: "Message must be at most 2000 characters" });
export const flagParticipantIdSchema = z.string({ error: FLAG_MESSAGES.participant }).trim().min(1, { error: FLAG_MESSAGES.participant });

export const flagMemberSchema = z.object({
  flagId: z.string().trim().min(1),
  participantId: flagParticipantIdSchema,
  type: flagTypeSchema,
  message: flagMessageSchema,
  flaggedByName: z.string().trim().default(""),
  noteType: z.enum(FLAG_NOTE_TYPES).optional(),
  alongside: z.boolean().optional(),
});

export const unflagMemberSchema = z.object({ participantId: flagParticipantIdSchema, type: flagTypeSchema, message: flagMessageSchema });

/**
 * `participantFound` is a fact the handler reads from the participant's stream (the participant exists
 * in the command's organization); a caller's value is replaced.
 */
export type FlagMemberInput = {
  flagId: string;
  participantId: string;
  type: FlagType;
  message: string;
  flaggedByName: string;
  noteType?: FlagNoteType;
  participantFound?: boolean;
  /**
   * Raised even when a flag of its type is active: a flag that records one occurrence (a pick-up
   * override, docs/decisions/026) must not be lost because the member is flagged already.
   */
  alongside?: boolean;
};
export type UnflagMemberInput = { participantId: string; type: FlagType; message: string };

export type FlagMember = Command<"FlagMember", FlagMemberInput>;
export type UnflagMember = Command<"UnflagMember", UnflagMemberInput>;
export type FlagCommand = FlagMember | UnflagMember;

/* ---------- the /api calls' inputs ---------- */

const requestUserId = z.string({ error: "User ID is required" }).trim().min(1, { error: "User ID is required" });

/** POST /api/note/flag (spec-2 section 7); the message is checked by the decider ('Message is required'). */
export const flagRequestBody = z.object({
  user_id: requestUserId,
  message: z.unknown().optional(),
  type: flagTypeSchema,
  action: z.enum(["Flag", "Unflag"], { error: "Action must be Flag or Unflag" }),
});

/** GET /api/note/flag/user?participant_id&type; an empty type is no type. */
export const flagUserQuery = z.preprocess(
  (q) => ({ ...(q as Record<string, string>), type: (q as Record<string, string>).type || undefined }),
  z.object({
    participant_id: z.string({ error: "Participant is required" }).trim().min(1, { error: "Participant is required" }),
    type: flagTypeSchema.optional(),
  }),
);

export type FlagRequestBody = z.infer<typeof flagRequestBody>;
export type FlagUserQuery = z.infer<typeof flagUserQuery>;
