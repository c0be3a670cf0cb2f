import { Avatar, Box, Button, Flex, IconButton, Text, TextArea } from "@radix-ui/themes";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { initialsOf } from "~/components/shell/org-logo";
import { useToast } from "~/components/toast/toaster";
import { addComment, deleteComment, editComment, fetchComments, isNoteAdmin, noteDate, COMMENTS_DISABLED_TEXT, type NoteCommentRow, type NoteRow, type NotesViewer } from "./api";
import { NoteFormDialog, ReasonDialog } from "./note-dialogs";

type Props = { note: NoteRow; viewer: NotesViewer; onCountChange: (count: number) => void };

/**
 * A note's comments (list at most 450px high, oldest first) and the comment box: Ctrl+Enter submits.
 * Non-active notes show 'Comments disabled for archived notes'; flag notes take no comments.
 */
export function NoteComments({ note, viewer, onCountChange }: Props) {
  const showToast = useToast();
  const [comments, setComments] = useState<NoteCommentRow[] | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<NoteCommentRow | null>(null);
  const [deleting, setDeleting] = useState<NoteCommentRow | null>(null);
  const active = note.status === "Active" && !note.is_flag_note;

  const load = useCallback(async () => {
    const { data } = await fetchComments(note.id);
    setComments(data);
    onCountChange(data.filter((c) => c.status === "ACTIVE").length);
  }, [note.id, onCountChange]);

  useEffect(() => {
    load().catch(() => setComments([]));
  }, [load]);

  const fail = (error: unknown) => showToast({ type: "error", title: error instanceof Error ? error.message : undefined });

  const run = async (work: () => Promise<{ message: string }>, after?: () => void, toast = true) => {
    setBusy(true);
    try {
      const answer = await work();
      if (toast) showToast({ type: "success", title: answer.message });
      after?.();
      await load();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (!text.trim() || busy) return;
    void run(() => addComment(note.id, text), () => setText(""), false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Box mt="3" data-testid="note-comments">
      <Flex direction="column" gap="2" style={{ maxHeight: 450, overflowY: "auto" }} aria-label="Comments" role="list">
        {(comments ?? []).map((c) =>
          c.status === "deleted" && c.deleted_comment ? (
            <Text key={c.id} as="div" size="1" color="gray" role="listitem" data-testid="deleted-comment">
              Comment deleted by {c.deleted_comment.user_full_name}
              {c.deleted_comment.role ? ` (${c.deleted_comment.role})` : ""} on {noteDate(c.deleted_comment.created_date)}: {c.deleted_comment.message}
            </Text>
          ) : (
            <Flex key={c.id} gap="2" align="start" role="listitem" data-testid="comment">
              <Avatar size="1" radius="full" fallback={initialsOf(c.user_full_name)} src={c.user_photo_url ?? undefined} alt="" />
              <Box flexGrow="1">
                <Flex gap="2" align="baseline" wrap="wrap">
                  <Text size="2" weight="medium">
                    {c.user_full_name}
                  </Text>
                  <Text size="1" color="gray">
                    {c.user_role_display_name || c.user_role_name} · {noteDate(c.created_date)}
                    {c.type === "Archive Note" ? " · Archive Note" : ""}
                    {c.updated_date !== c.created_date ? " · Edited" : ""}
                  </Text>
                </Flex>
                <Text as="p" size="2" style={{ whiteSpace: "pre-wrap" }}>
                  {c.message}
                </Text>
              </Box>
              {active ? (
                <Flex gap="1">
                  {c.user_id === viewer.userId ? (
                    <IconButton size="1" variant="ghost" aria-label="Edit comment" onClick={() => setEditing(c)}>
                      ✎
                    </IconButton>
                  ) : null}
                  {c.user_id === viewer.userId || isNoteAdmin(viewer.level) ? (
                    <IconButton size="1" variant="ghost" color="red" aria-label="Delete comment" onClick={() => setDeleting(c)}>
                      ✕
                    </IconButton>
                  ) : null}
                </Flex>
              ) : null}
            </Flex>
          ),
        )}
      </Flex>
      {note.is_flag_note ? null : active ? (
        <Flex gap="2" mt="2" align="end">
          <Box flexGrow="1">
            <TextArea
              aria-label="Write a comment"
              placeholder="Write a comment (Ctrl+Enter to send)"
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
            />
          </Box>
          <Button onClick={submit} disabled={busy || !text.trim()}>
            Send
          </Button>
        </Flex>
      ) : (
        <Text as="p" size="2" color="gray" mt="2" data-testid="comments-disabled">
          {COMMENTS_DISABLED_TEXT}
        </Text>
      )}
      {editing ? (
        <NoteFormDialog
          title="Comment"
          editing
          initialMessage={editing.message}
          busy={busy}
          onClose={() => setEditing(null)}
          onSubmit={({ message }) => run(() => editComment(note.id, editing.id, message), () => setEditing(null))}
        />
      ) : null}
      {deleting ? (
        <ReasonDialog
          title="Delete Comment"
          label="Why is this comment deleted?"
          action="Delete"
          color="red"
          busy={busy}
          onClose={() => setDeleting(null)}
          onSubmit={(reason) => run(() => deleteComment(note.id, deleting.id, reason), () => setDeleting(null))}
        />
      ) : null}
    </Box>
  );
}
