import { Button } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useToast } from "~/components/toast/toaster";
import { uploadFile, UploadError, UPLOAD_ERRORS } from "./upload-file";
import { ImageFileInput } from "~/components/uploads/image-file-input";


type Props = {
  /** the entity the photo belongs to (entity participant, user or program; property photo_url) */
  entity: "participant" | "user" | "program";
  entityId: string;
  hasPhoto: boolean;
  /** the signed url of the new photo, once registered */
  onUploaded: (url: string | null) => void;
};

/**
 * 'Upload Photo' / 'Change Photo': picks an image and runs the three upload steps (link, PUT, register).
 * A failure shows an error toast with the spec's text ('Unable to get upload link.', 'Unable to upload
 * file.', 'Error during file upload.') and the server's reason under it.
 */
export function PhotoUploadButton({ entity, entityId, hasPhoto, onUploaded }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const showToast = useToast();

  async function upload(file: File) {
    setBusy(true);
    try {
      const result = await uploadFile(file, { fileType: file.type || "image", subPath: `${entity}s`, register: { entity, entityId, property: "photo_url" } });
      onUploaded(result.url);
      showToast({ type: "success", title: "Photo successfully updated" });
    } catch (error) {
      const title = error instanceof UploadError ? error.message : UPLOAD_ERRORS.upload;
      // the server's reason under the spec's text, without repeating it ('Unable to upload file. The file is not …')
      const reason = error instanceof UploadError && error.detail ? error.detail.replace(title, "").trim() : "";
      const detail = reason || undefined;
      showToast({ type: "error", title, description: detail });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div>
      <ImageFileInput ref={input} testId="photo-input" onFile={(file) => void upload(file)} />
      <Button size="1" variant="soft" loading={busy} onClick={() => input.current?.click()}>
        {hasPhoto ? "Change Photo" : "Upload Photo"}
      </Button>
    </div>
  );
}
