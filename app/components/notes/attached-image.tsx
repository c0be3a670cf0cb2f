import { Box, Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast/toaster";
import { assetUrl, uploadFile, UploadError, UPLOAD_ERRORS } from "~/components/uploads/upload-file";
import type { NoteRow } from "./api";
import { ImageFileInput } from "~/components/uploads/image-file-input";

/** The images a note may carry (judged again by their bytes on the server). */
/** Where a note's images are stored (file_sub_path). */
const NOTES_SUB_PATH = "notes";

/** The dialog of spec-2 section 2: 'Attached Image', which shows one image. */
export function AttachedImageDialog({ src, onClose }: { src: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="760px" aria-describedby={undefined} data-testid="attached-image-dialog">
        <Dialog.Title>Attached Image</Dialog.Title>
        <Flex justify="center">
          <img src={src} alt="Attached to the note" style={{ maxWidth: "100%", maxHeight: "70vh", objectFit: "contain", borderRadius: "var(--radius-2)" }} />
        </Flex>
        <Flex justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={onClose}>
            Close
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * The note card's 'Attached Image': a preview of the note's image (its short-lived url from the note
 * call; when that has expired, a fresh one from GET /api/asset/{value}); a click opens the dialog.
 */
export function NoteAttachment({ note }: { note: Pick<NoteRow, "attachment" | "attachments"> }) {
  const given = note.attachments[0]?.attachment_url ?? "";
  const [src, setSrc] = useState(given);
  const [open, setOpen] = useState(false);
  const retried = useRef(false);
  useEffect(() => {
    setSrc(given);
    retried.current = false;
  }, [given]);
  useEffect(() => {
    // a note answered without a url (a value that could not be signed): ask for one
    if (!given && note.attachment) void assetUrl(note.attachment).then(setSrc);
  }, [given, note.attachment]);
  if (!note.attachment || !src) return null;
  return (
    <Box mt="2" data-testid="note-attachment">
      <Text as="div" size="1" weight="medium" color="gray" mb="1">
        Attached Image
      </Text>
      <button type="button" onClick={() => setOpen(true)} aria-label="Open Attached Image" style={{ padding: 0, border: 0, background: "none", cursor: "zoom-in" }}>
        <img
          src={src}
          alt="Attached Image preview"
          data-testid="note-attachment-preview"
          style={{ display: "block", maxWidth: 220, maxHeight: 160, objectFit: "cover", borderRadius: "var(--radius-2)", border: "1px solid var(--gray-6)" }}
          onError={() => {
            // the url lives 15 minutes: ask once for a fresh one
            if (retried.current || !note.attachment) return;
            retried.current = true;
            void assetUrl(note.attachment).then((fresh) => fresh && setSrc(fresh));
          }}
        />
      </button>
      {open ? <AttachedImageDialog src={src} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
}

/** The picked image: its stored path once uploaded, and what shows it. */
export type PickedImage = { value: string; preview: string };

type PickerProps = {
  /** the note's image now (editing), or null */
  value: PickedImage | null;
  onChange: (value: PickedImage | null) => void;
  /** true while a file is being uploaded (the form waits) */
  onBusyChange: (busy: boolean) => void;
};

/**
 * The note form's image picker (one image, optional): the file is uploaded at once with the upload link
 * (steps 1 and 2 of spec-2 section 4); the note itself then keeps the stored path (decision 017). A
 * failure shows the spec's text ('Unable to get upload link.', 'Unable to upload file.') with the reason.
 */
export function AttachmentPicker({ value, onChange, onBusyChange }: PickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const showToast = useToast();

  async function upload(file: File) {
    setBusy(true);
    onBusyChange(true);
    try {
      const { filePath } = await uploadFile(file, { fileType: file.type || "image", subPath: NOTES_SUB_PATH });
      onChange({ value: filePath, preview: URL.createObjectURL(file) });
    } catch (error) {
      const title = error instanceof UploadError ? error.message : UPLOAD_ERRORS.upload;
      const reason = error instanceof UploadError && error.detail ? error.detail.replace(title, "").trim() : "";
      showToast({ type: "error", title, description: reason || undefined });
    } finally {
      setBusy(false);
      onBusyChange(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <Flex direction="column" gap="1" data-testid="note-attachment-picker">
      <Text as="div" size="2" weight="medium">
        Attached Image
      </Text>
      <ImageFileInput ref={input} testId="note-attachment-input" onFile={(file) => void upload(file)} />
      {value ? <img src={value.preview} alt="Attached Image preview" data-testid="note-attachment-picked" style={{ maxWidth: 220, maxHeight: 160, objectFit: "cover", borderRadius: "var(--radius-2)", border: "1px solid var(--gray-6)" }} /> : null}
      <Flex gap="2" align="center">
        <Button type="button" size="1" variant="soft" loading={busy} onClick={() => input.current?.click()}>
          {value ? "Change Image" : "Attach Image"}
        </Button>
        {value ? (
          <Button type="button" size="1" variant="ghost" color="red" disabled={busy} onClick={() => onChange(null)}>
            Remove Image
          </Button>
        ) : (
          <Text size="1" color="gray">
            Optional: one PNG, JPEG, GIF or WebP image.
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
