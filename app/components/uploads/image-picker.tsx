import { Button, Flex, Text } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useToast } from "~/components/toast/toaster";
import { ImageFileInput } from "./image-file-input";
import { uploadFile, UploadError } from "./upload-file";

/**
 * An optional picture for what a form edits (a challenge, a survey): uploaded through the upload flow (link,
 * then the bytes PUT), shown at once from the file chosen; the stored path goes to `onChange` with that preview.
 */
export function ImagePicker({ label, noun, alt, subPath, testId, value, url, onChange }: { label: string; noun: string; alt: string; subPath: string; testId: string; value: string | null; url: string | null; onChange: (path: string | null, preview: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const showToast = useToast();
  async function upload(file: File) {
    setBusy(true);
    try {
      const result = await uploadFile(file, { fileType: file.type || "image", subPath });
      onChange(result.filePath, URL.createObjectURL(file));
    } catch (error) {
      showToast({ type: "error", title: error instanceof UploadError ? error.message : "Error during file upload." });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        {url ? <img src={url} alt={alt} width={120} height={80} style={{ objectFit: "cover", borderRadius: "var(--radius-2)" }} /> : null}
        <ImageFileInput ref={input} testId={testId} onFile={(file) => void upload(file)} />
        <Button type="button" variant="soft" disabled={busy} onClick={() => input.current?.click()}>
          {value ? `Change ${noun}` : `Upload ${noun}`}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" color="gray" onClick={() => onChange(null, null)}>
            Remove {noun}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
