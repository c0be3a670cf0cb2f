import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType } from "zod";
import { requestFormPageOf, submitRequest } from "#modules/requests";
import { guardPage } from "./page-guard.server";
import { readForm } from "./page-form.server";

type Form = "member" | "teacher";
type FormPage = Awaited<ReturnType<typeof requestFormPageOf>>;

/** A public request form's page (decision 066): the organization named by `?organization={id}`, or a clear 404 page. */
export async function requestFormLoader({ request, context }: LoaderFunctionArgs, form: Form) {
  await guardPage(request, context.services);
  const page = await requestFormPageOf(context.services, new URL(request.url).searchParams.get("organization"), form);
  return json(page, { status: page.ok ? 200 : 404 });
}

/**
 * A public request form's post: the page's schema (built from the organization's page), then the module's
 * submit (rate limit, honeypot, the same thank-you whether or not an account exists). A limit answers 429
 * with Retry-After; the form is emptied once sent.
 */
export async function requestFormAction({ request, context }: ActionFunctionArgs, form: Form, schemaOf: (page: Extract<FormPage, { ok: true }>) => ZodType) {
  await guardPage(request, context.services);
  const organizationId = new URL(request.url).searchParams.get("organization");
  const page = await requestFormPageOf(context.services, organizationId, form);
  if (!page.ok) return json({ result: null, sent: null }, { status: 404 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: schemaOf(page) });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: null }, { status: 400 });
  const outcome = await submitRequest(context.services, { organizationId, form, body: Object.fromEntries(formData), clientIp: context.clientIp });
  if (!outcome.ok) {
    const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
    return json({ result: submission.reply({ formErrors: [outcome.message] }), sent: null }, { status: outcome.status, headers });
  }
  return json({ result: submission.reply({ resetForm: true }), sent: outcome.message });
}
