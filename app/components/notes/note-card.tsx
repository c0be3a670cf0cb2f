import { Avatar, Badge, Box, Button, Card, DropdownMenu, Flex, IconButton, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useState } from "react";
import { initialsOf } from "~/components/shell/org-logo";
import { useToast } from "~/components/toast/toaster";
import { archiveNote, deleteNote, editNote, isEdited, isNoteAdmin, noteDate, postFlag, restoreNote, type Mutation, type NoteRow, type NotesViewer } from "./api";
import { NoteAttachment } from "./attached-image";
import { NoteComments } from "./note-comments";
import { ConfirmDeleteDialog, NoteFormDialog, ReasonDialog, type UserGroupOption } from "./note-dialogs";
import { isStaff } from "#modules/identity/client";
import { FLAG_COLOR, flagTypeOfNote } from "#modules/flags/client";
import { FlagBadge } from "~/components/flag-badge";

type Props = {
  note: NoteRow;
  viewer: NotesViewer;
  groups?: UserGroupOption[];
  /** read only (the check-in participant dialog): no actions, no comment box */
  compact?: boolean;
  onChanged?: () => void;
};

type Open = null | "edit" | "archive" | "delete" | "resolve";

/** The flag's resolution (Flag Note / Warn Note), and the reason of the current archiving while archived. */
function statusComments(note: NoteRow) {
  const archive = note.status === "Archive" ? note.note_comment.filter((c) => c.type === "Archive Note").slice(-1) : [];
  return [...note.note_comment.filter((c) => c.type !== "Archive Note"), ...archive];
}

/** What the viewer may do to the note (spec-2 section 6); the server decides again. */
export function noteActions(note: NoteRow, viewer: NotesViewer) {
  const admin = isNoteAdmin(viewer.level);
  const author = note.created_by === viewer.userId;
  const none = { edit: false, archive: false, restore: false, remove: false, resolve: false };
  // system-generated flagged notes offer no actions; a manual flag or warn note is resolved while active
  if (note.is_flag_note) return { ...none, resolve: note.type !== "System Generated" && (note.is_flagged || note.is_warned) && isStaff(viewer.level) };
  return {
    resolve: false,
    edit: author && note.status === "Active",
    archive: (admin || author) && note.status === "Active",
    restore: admin && note.status === "Archive",
    remove: admin || author,
  };
}

/**
 * The note card (spec-2 section 2): author, MM/DD/YYYY at hh:mm A, 'Edited', the Resolved badge and
 * border of a resolved flag, 'Note viewable by {roles}' for admins, the comment count and the comments.
 */
export function NoteCard({ note, viewer, groups, compact, onChanged }: Props) {
  const showToast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [showComments, setShowComments] = useState(false);
  const [commentCount, setCommentCount] = useState(note.comment_count);
  const onCountChange = useCallback((count: number) => setCommentCount(count), []);
  useEffect(() => setCommentCount(note.comment_count), [note.comment_count]);
  const actions = noteActions(note, viewer);
  const admin = isNoteAdmin(viewer.level);
  // a flag's note names its flag as every screen does (decision 037); its colour while the flag is active
  const flagType = flagTypeOfNote(note);
  const flagColor = flagType && (note.is_flagged || note.is_warned) ? FLAG_COLOR[flagType] : undefined;

  const run = async (work: () => Promise<Mutation>) => {
    setBusy(true);
    try {
      const answer = await work();
      showToast({ type: "success", title: answer.message, description: answer.hint });
      setOpen(null);
      onChanged?.();
      // a flag's resolution reaches the notes read model a moment after the flag stream: ask again
      if (note.is_flag_note) setTimeout(() => onChanged?.(), 500);
    } catch (error) {
      showToast({ type: "error", title: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  const border = note.resolved ? "2px solid var(--green-8)" : flagColor ? `2px solid var(--${flagColor}-8)` : undefined;
  const author = note.created_by_user;
  const anyAction = actions.edit || actions.archive || actions.restore || actions.remove || actions.resolve;

  return (
    <Card size="2" style={{ border }} data-testid="note-card" data-note-id={note.id} aria-label={`Note by ${author.full_name}`}>
      <Flex gap="3" align="start">
        <Avatar size="2" radius="full" src={author.photo_url ?? undefined} fallback={initialsOf(author.full_name)} alt="" />
        <Box flexGrow="1" minWidth="0">
          <Flex justify="between" align="start" gap="2">
            <Flex direction="column">
              <Text size="2" weight="bold" data-testid="note-author">
                {author.full_name}
                {author.role_display_name || author.role_name ? (
                  <Text weight="regular" color="gray">
                    {" "}
                    · {author.role_display_name || author.role_name}
                  </Text>
                ) : null}
              </Text>
              <Text size="1" color="gray" data-testid="note-date">
                {noteDate(note.created_date)}
                {isEdited(note) ? <span data-testid="note-edited"> · Edited</span> : null}
              </Text>
            </Flex>
            <Flex gap="2" align="center" wrap="wrap" justify="end">
              {flagType ? <FlagBadge type={flagType} data-testid="note-flag" /> : null}
              {note.type ? (
                <Badge color={flagColor ?? "gray"} variant="soft">
                  {note.type}
                </Badge>
              ) : null}
              {note.resolved ? (
                <Badge color="green" variant="solid" data-testid="resolved-badge">
                  Resolved
                </Badge>
              ) : null}
              {note.status === "Archive" ? (
                <Badge color="gray" variant="outline">
                  Archived
                </Badge>
              ) : null}
              {!compact && anyAction ? (
                <DropdownMenu.Root>
                  <DropdownMenu.Trigger>
                    <IconButton size="1" variant="ghost" aria-label="Note actions">
                      ⋯
                    </IconButton>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Content>
                    {actions.resolve ? <DropdownMenu.Item onSelect={() => setOpen("resolve")}>Mark As Resolved</DropdownMenu.Item> : null}
                    {actions.edit ? <DropdownMenu.Item onSelect={() => setOpen("edit")}>Edit</DropdownMenu.Item> : null}
                    {actions.archive ? <DropdownMenu.Item onSelect={() => setOpen("archive")}>Archive</DropdownMenu.Item> : null}
                    {actions.restore ? <DropdownMenu.Item onSelect={() => run(() => restoreNote(note.id))}>Restore</DropdownMenu.Item> : null}
                    {actions.remove ? (
                      <DropdownMenu.Item color="red" onSelect={() => setOpen("delete")}>
                        Delete
                      </DropdownMenu.Item>
                    ) : null}
                  </DropdownMenu.Content>
                </DropdownMenu.Root>
              ) : null}
            </Flex>
          </Flex>
          <Text as="p" size="2" mt="2" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="note-message">
            {note.message}
          </Text>
          <NoteAttachment note={note} />
          {statusComments(note).map((c, i) => (
            <Text key={i} as="p" size="1" color="gray" mt="1" data-testid="note-status-comment">
              {c.type}: {c.message} ({noteDate(c.created_date)})
            </Text>
          ))}
          {admin && note.role_names.length > 0 ? (
            <Text as="p" size="1" color="gray" mt="1" data-testid="note-viewable-by">
              Note viewable by {note.role_names.join(", ")}
            </Text>
          ) : null}
          {compact || note.is_flag_note ? null : (
            <Flex mt="2">
              <Button size="1" variant="ghost" onClick={() => setShowComments((s) => !s)} aria-expanded={showComments} data-testid="note-comment-count">
                {commentCount === 1 ? "1 Comment" : `${commentCount} Comments`}
              </Button>
            </Flex>
          )}
          {!compact && showComments ? <NoteComments note={note} viewer={viewer} onCountChange={onCountChange} /> : null}
        </Box>
      </Flex>
      {open === "edit" ? (
        <NoteFormDialog
          title="Note"
          editing
          initialMessage={note.message}
          groups={admin ? groups : undefined}
          initialRoleIds={note.role_ids}
          withAttachment
          initialAttachment={note.attachment ? { value: note.attachment, preview: note.attachments[0]?.attachment_url ?? "" } : null}
          busy={busy}
          onClose={() => setOpen(null)}
          // the attachment goes only when changed: kept, replaced or removed
          onSubmit={({ message, roleIds, attachment }) => run(() => editNote(note.id, message, admin ? roleIds : undefined, attachment === note.attachment ? undefined : attachment))}
        />
      ) : null}
      {open === "archive" ? (
        <ReasonDialog title="Archive Note" label="Why is this note archived?" action="Archive" busy={busy} onClose={() => setOpen(null)} onSubmit={(reason) => run(() => archiveNote(note.id, reason))} />
      ) : null}
      {open === "resolve" ? (
        <ReasonDialog
          title="Resolve Flag"
          label="Why is the flag resolved?"
          action="Unflag Member"
          busy={busy}
          onClose={() => setOpen(null)}
          onSubmit={(reason) => run(() => postFlag({ user_id: note.participant_id, message: reason, type: note.is_flagged ? "stop" : "warn", action: "Unflag" }))}
        />
      ) : null}
      {open === "delete" ? <ConfirmDeleteDialog name="this note" busy={busy} onClose={() => setOpen(null)} onConfirm={() => run(() => deleteNote(note.id))} /> : null}
    </Card>
  );
}
