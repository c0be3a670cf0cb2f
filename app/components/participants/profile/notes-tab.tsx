import { Box, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { PROFILE_TEXT } from "#modules/participants/client";
import type { NoteRow } from "~/components/notes/api";
import { NoteCard } from "~/components/notes/note-card";
import { NotesTab } from "~/components/notes/notes-tab";
import type { Profile } from "./types";

/** Cards without actions (the dialog's read-only mode): today's list is for reading. */
const READ_ONLY = { userId: "", level: 0 };

/**
 * The Notes tab: today's notes (the organization's day) this viewer may read, rendered by the loader,
 * then the spec's Notes tab (spec-2 section 2; decision 017) over every note, with its search, filter and
 * Create Note.
 */
export function ProfileNotesTab({ profile }: { profile: Profile }) {
  const today = profile.notesToday;
  if (!today) return null;
  const notes = today.data as unknown as NoteRow[];
  return (
    <Flex direction="column" gap="5">
      <Box asChild>
        <section aria-labelledby="notes-today-title" data-testid="notes-today">
          <Heading as="h2" size="4" mb="3" id="notes-today-title">
            Today&apos;s Notes
          </Heading>
          {notes.length === 0 ? (
            <Text as="p" size="2" color="gray" highContrast>
              {PROFILE_TEXT.noNotesToday}
            </Text>
          ) : (
            <Flex direction="column" gap="2">
              {notes.map((note) => (
                <NoteCard key={note.id} note={note} viewer={READ_ONLY} compact />
              ))}
              {today.count > notes.length ? (
                <Text size="2" color="gray" highContrast>
                  {today.count - notes.length} more of today&apos;s notes are in All Notes below.
                </Text>
              ) : null}
            </Flex>
          )}
        </section>
      </Box>
      <Separator size="4" />
      <Box asChild>
        <section aria-labelledby="notes-all-title">
          <Heading as="h2" size="4" mb="3" id="notes-all-title">
            All Notes
          </Heading>
          <NotesTab participantId={profile.participant.id} viewer={profile.viewer} groups={profile.groups} />
        </section>
      </Box>
    </Flex>
  );
}
