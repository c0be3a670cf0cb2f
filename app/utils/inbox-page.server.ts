import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { archiveCall, inboxOf, inboxQuery, markReadCall, newThreadSchema, replyCall, retractCall, startThreadCall, threadOf } from "#modules/communications";
import type { Auth, Services } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { redirectWithToast } from "./toast.server";

/** The /inbox page's state from its address: the list's filters, the open conversation, the compose panel. */
export async function inboxPageOf(services: Services, auth: Auth, url: URL) {
  const params = url.searchParams;
  const lenient = inboxQuery.safeParse(Object.fromEntries([...params].filter(([k]) => ["status", "search", "page", "size"].includes(k))));
  const query = lenient.success ? lenient.data : inboxQuery.parse({});
  const list = await inboxOf(services, auth, query);
  const threadId = params.get("thread");
  let thread: Awaited<ReturnType<typeof threadOf>> | null = null;
  if (threadId) {
    try {
      thread = await threadOf(services, auth, threadId);
    } catch (error) {
      // an unknown or foreign conversation: back to the list, never a 500
      if (!(error instanceof DomainError)) throw error;
      params.delete("thread");
      throw redirect(`${url.pathname}${params.size ? `?${params}` : ""}`);
    }
  }
  return {
    rows: list.data,
    count: list.count,
    status: query.status,
    search: query.search,
    page: query.page,
    size: query.size,
    totalPages: Math.max(1, Math.ceil(list.count / query.size)),
    thread,
    composing: params.get("compose") === "1",
    userId: auth.user.id,
  };
}

const problem = (error: unknown) => {
  if (error instanceof DomainError) return json({ problem: error.message, result: null }, { status: error.status });
  throw error;
};

/**
 * The page's forms by intent: compose (the one zod schema, conform's reply on errors; a refusal of the rules
 * such as 'You can send messages to staff only' shows above the form), reply, retract, read, archive, restore.
 */
export async function inboxPageAction(services: Services, auth: Auth, request: Request, form: FormData, production: boolean) {
  const url = new URL(request.url);
  const intent = String(form.get("intent") ?? "");
  const threadId = String(form.get("thread_id") ?? "");
  const back = (params: Record<string, string | null>) => {
    const next = new URLSearchParams(url.search);
    for (const [k, v] of Object.entries(params)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    return `/inbox${next.size ? `?${next}` : ""}`;
  };
  try {
    switch (intent) {
      case "compose": {
        const submission = parseWithZod(form, { schema: newThreadSchema });
        if (submission.status !== "success") return json({ result: submission.reply(), problem: null }, { status: 400 });
        try {
          const sent = await startThreadCall(services, auth, { ...submission.value, command_id: form.get("command_id") }, request);
          const first = sent.data.thread_ids[0] ?? null;
          const title = sent.data.thread_ids.length > 1 ? `Message sent as ${sent.data.thread_ids.length} conversations, one per family` : "Message sent";
          return redirectWithToast(back({ compose: null, thread: first, status: null }), { type: "success", title }, production);
        } catch (error) {
          if (error instanceof DomainError) return json({ result: submission.reply({ formErrors: [error.message] }), problem: null }, { status: error.status });
          throw error;
        }
      }
      case "reply":
        await replyCall(services, auth, threadId, { body: form.get("body"), command_id: form.get("command_id") }, request);
        return redirectWithToast(back({}), { type: "success", title: "Reply sent" }, production);
      case "retract":
        await retractCall(services, auth, threadId, String(form.get("message_id") ?? ""), { reason: form.get("reason") }, request);
        return redirectWithToast(back({}), { type: "success", title: "Message retracted" }, production);
      case "read":
        await markReadCall(services, auth, threadId, request);
        return json({ problem: null, result: null });
      case "archive":
      case "restore":
        await archiveCall(services, auth, threadId, { archived: intent === "archive" }, request);
        return redirectWithToast(back({ thread: null }), { type: "success", title: intent === "archive" ? "Conversation archived" : "Conversation moved to the inbox" }, production);
      default:
        return json({ problem: "This form is not known here.", result: null }, { status: 400 });
    }
  } catch (error) {
    return problem(error);
  }
}
