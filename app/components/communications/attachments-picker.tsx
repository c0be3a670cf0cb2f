import { Button, Flex, IconButton, Text } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { ATTACHMENT_ACCEPT, ATTACHMENT_TEXTS, ATTACHMENT_TYPES, ATTACHMENTS_MAX, attachmentSize } from "#modules/communications/client";
import { CloseIcon } from "~/components/icons";
import { uploadFile, UploadError, UPLOAD_ERRORS } from "~/components/uploads/upload-file";

export type PickedFile = { path: string; name: string; bytes: number };

/**
 * An announcement's attachments (decision 107): up to five images or PDFs, each uploaded at once by the upload flow
 * (a signed link, the bytes PUT to it); the form posts their stored paths (`attachments`), and the server reads each
 * one's name, type and size from its upload. A file refused says why, under the list.
 */
export function AttachmentsPicker({ initial, errors }: { initial: PickedFile[]; errors?: string[] }) {
  const [files, setFiles] = useState<PickedFile[]>(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= ATTACHMENTS_MAX;

  async function add(list: FileList | null) {
    const chosen = [...(list ?? [])];
    if (input.current) input.current.value = "";
    if (chosen.length === 0) return;
    setProblem(null);
    if (files.length + chosen.length > ATTACHMENTS_MAX) return setProblem(ATTACHMENT_TEXTS.tooMany);
    const wrong = chosen.find((f) => f.type && !(ATTACHMENT_TYPES as readonly string[]).includes(f.type));
    if (wrong) return setProblem(ATTACHMENT_TEXTS.wrongType(wrong.name));
    setBusy(true);
    try {
      for (const file of chosen) {
        const kind = file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf") ? "application/pdf" : file.type || "image";
        const done = await uploadFile(file, { fileType: kind, subPath: "communications" });
        setFiles((now) => [...now, { path: done.filePath, name: file.name, bytes: file.size }]);
      }
    } catch (error) {
      const title = error instanceof UploadError ? error.message : UPLOAD_ERRORS.upload;
      const reason = error instanceof UploadError && error.detail ? error.detail.replace(title, "").trim() : "";
      setProblem(reason ? `${title} ${reason}` : title);
    } finally {
      setBusy(false);
    }
  }

  const shown = [...(errors ?? []), ...(problem ? [problem] : [])];
  return (
    <fieldset className="rc-comm-fieldset" aria-describedby="comm-attachments-hint">
      <legend>
        <Text size="2" weight="medium">
          Attachments
        </Text>
      </legend>
      <Flex direction="column" gap="2">
        {files.length ? (
          <ul className="rc-comm-files" aria-label="Attached files">
            {files.map((f) => (
              <li key={f.path}>
                <input type="hidden" name="attachments" value={f.path} />
                <Text size="2">
                  {f.name} <Text color="gray">({attachmentSize(f.bytes)})</Text>
                </Text>
                <IconButton type="button" size="1" variant="ghost" color="gray" aria-label={`Remove ${f.name}`} onClick={() => setFiles((now) => now.filter((x) => x.path !== f.path))}>
                  <CloseIcon />
                </IconButton>
              </li>
            ))}
          </ul>
        ) : null}
        <input ref={input} type="file" accept={ATTACHMENT_ACCEPT} multiple hidden data-testid="attachments-input" onChange={(e) => void add(e.currentTarget.files)} />
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="button" variant="soft" size="2" loading={busy} disabled={full} onClick={() => input.current?.click()}>
            Attach files
          </Button>
          <Text id="comm-attachments-hint" size="1" color="gray">
            Up to {ATTACHMENTS_MAX} images or PDFs, 10 MB each. They go with the in-app message; e-mails name them and link to it.
          </Text>
        </Flex>
        {shown.length ? (
          <Text size="2" color="red" role="alert">
            {shown.join(" ")}
          </Text>
        ) : null}
      </Flex>
    </fieldset>
  );
}

/** The files of an announcement or a message, each a link that opens it (a signed url); a gone file says so. */
export function AttachmentLinks({ files }: { files: { name: string; bytes: number; url: string | null }[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="rc-comm-files" aria-label="Attachments">
      {files.map((f) => (
        <li key={`${f.name}-${f.url ?? ""}`}>
          {f.url ? (
            <a href={f.url} target="_blank" rel="noopener noreferrer">
              {f.name}
            </a>
          ) : (
            <Text size="2">{f.name} (no longer available)</Text>
          )}{" "}
          <Text size="1" color="gray">
            {attachmentSize(f.bytes)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
