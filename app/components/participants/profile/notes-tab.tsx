import { Avatar, Badge, Box, Card, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { flagTypeOfNote } from "#modules/flags/client";
import { PROFILE_TEXT } from "#modules/participants/client";
import type { NoteRow } from "~/components/notes/api";
import { NotesTab } from "~/components/notes/notes-tab";
import { FlagBadge } from "~/components/flag-badge";
import { initialsOf } from "~/components/shell/org-logo";
import { formatClock, type Profile } from "./types";

/** One of today's notes, to read: author, time in the organization's zone, the flag or type, the message (actions are on the card in All Notes). */
function TodayNote({ note, timeZone }: { note: NoteRow; timeZone: string }) {
  const author = note.created_by_user;
  const flag = flagTypeOfNote(note);
  return (
    <Card size="1" data-testid="today-note">
      <Flex gap="3" align="start">
        <Avatar size="2" radius="full" src={author.photo_url ?? undefined} fallback={initialsOf(author.full_name)} alt="" />
        <Flex direction="column" gap="1" minWidth="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text size="2" weight="bold">
              {author.full_name}
            </Text>
            <Text size="2" color="gray" highContrast>
              {formatClock(note.created_date, timeZone)}
            </Text>
            {flag ? <FlagBadge type={flag} /> : null}
            {note.type ? (
              <Badge variant="soft" color="gray">
                {note.type}
              </Badge>
            ) : null}
          </Flex>
          <Text size="2" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {note.message}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * The Notes tab: today's notes (the organization's day) this viewer may read, rendered by the loader, to
 * read; then the spec's Notes tab (spec-2 section 2; decision 017) over every note, with its search, filter and
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
                <TodayNote key={note.id} note={note} timeZone={profile.timeZone} />
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
