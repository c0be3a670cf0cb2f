import type { Services } from "../identity";
import { storedFileUrl } from "../uploads";
import type { NoteRow } from "../../projections/notes";

/**
 * The notes as answered: each attached image with a fresh short-lived url (spec-2 section 3:
 * attachments, each with attachment_url), signed for the note's organization (the viewer's).
 */
export async function withAttachmentUrls<T extends NoteRow>(services: Pick<Services, "redis" | "clock">, organizationId: string, notes: T[]): Promise<T[]> {
  return Promise.all(
    notes.map(async (note) => {
      const url = note.attachment ? await storedFileUrl(services, organizationId, note.attachment) : null;
      return { ...note, attachments: url ? [{ attachment_url: url }] : [] };
    }),
  );
}
