import { json } from "@remix-run/node";
import { controlCharacterIn, hasControlCharacter, payloadTooLarge, REQUEST_LIMITS, type DomainError } from "#modules/kernel";

const refusal = (error: DomainError) => json({ code: error.code, message: error.message }, { status: error.status });

/**
 * A page form's fields, read as the /api bodies are (decision 028): past 1 MiB a 413 (before reading when
 * Content-Length says so), a field with a control character a 400 naming it, a broken form a 400. The
 * refusal is thrown as a `{ code, message }` response, which the page's error boundary shows.
 */
export async function readForm(request: Request, limit: number = REQUEST_LIMITS.jsonBodyBytes): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw refusal(payloadTooLarge(limit));
  const chunks: Uint8Array[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    let bytes = 0;
    for (;;) {
      const next = await reader.read().catch(() => null);
      if (!next) throw json({ code: "BAD_FORM", message: "The form could not be read." }, { status: 400 });
      if (next.done) break;
      bytes += next.value.byteLength;
      if (bytes > limit) {
        await reader.cancel().catch(() => undefined);
        throw refusal(payloadTooLarge(limit));
      }
      chunks.push(next.value);
    }
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw json({ code: "BAD_FORM", message: "The form could not be read." }, { status: 400 });
  }
  for (const [name, value] of form) {
    if (hasControlCharacter(name)) throw refusal(controlCharacterIn("A field name"));
    if (typeof value === "string" && hasControlCharacter(value)) throw refusal(controlCharacterIn(name));
  }
  return form;
}
