import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_CSV_HEADER } from "../../modules/audit";
import { parseExportCsv } from "../../modules/exports";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { signIn } from "./page-helpers";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots", import.meta.url));
const FIRST = "Arrived 20 minutes late, the bus was delayed";
const SECOND = "Arrived 25 minutes late, the bus broke down";

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe("the auditor's replay in the browser", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl: string;
  let participant: { id: string; full_name: string };
  const pageErrors: string[] = [];
  const toast = (text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
  const card = () => page.getByTestId("note-card").first();
  const replayed = () => page.getByTestId("audit-state").getByTestId("audit-note-message");

  beforeAll(async () => {
    app = await startApp();
    baseUrl = app.baseUrl;
    await waitForProjections(baseUrl);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signIn(page, baseUrl, "admin@northside.demo");
    const report = (await (await page.request.get(`${baseUrl}/api/participant_report?page=0&size=40&statuses=Active`)).json()) as { data: { id: string; full_name: string }[] };
    participant = report.data.filter((p) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(p.id))[2]!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("as an admin (an auditor): writes a note and edits it on the Notes tab", async () => {
    await page.goto(`${baseUrl}/participants/${participant.id}?tab=notes`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Create Note" }).click();
    const form = page.getByTestId("note-form-dialog");
    await form.getByPlaceholder("Write your message here").fill(FIRST);
    await form.getByRole("button", { name: "Continue" }).click();
    await toast("Note successfully created").waitFor();
    await card().getByText(FIRST).waitFor();

    await card().getByRole("button", { name: "Note actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await form.getByPlaceholder("Write your message here").fill(SECOND);
    await form.getByRole("button", { name: "Continue" }).click();
    await toast("Note successfully updated").waitFor();
    await card().getByText(SECOND).waitFor();
  });

  it("opens Audit History: the timeline with actor, role, time and before / after; the note as it reads now", async () => {
    await page.getByRole("link", { name: "Audit History" }).click();
    await page.waitForURL(`${baseUrl}/participants/${participant.id}/audit`);
    // loaded afresh, without the Notes tab's toasts
    await page.goto(`${baseUrl}/participants/${participant.id}/audit`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Audit History", level: 1 }).waitFor();
    const rows = page.getByTestId("audit-event");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain("Note created");
    const edit = await rows.nth(1).textContent();
    expect(edit).toContain("Note edited");
    expect(edit).toContain("Admins");
    expect(edit).toContain(`Message: ${FIRST} → ${SECOND}`);
    expect(edit).toMatch(/\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2} (AM|PM)/);
    expect(await replayed().textContent()).toBe(SECOND);
    await page.getByTestId("audit-moment").getByText("2 of 2 events").waitFor();
    await shot(page, "audit-now");
  });

  it("moves the time control back: the note reads as it did before the edit; to the start: nothing yet", async () => {
    const slider = page.getByTestId("audit-slider").getByRole("slider");
    await slider.focus();
    await slider.press("ArrowLeft");
    await page.getByTestId("audit-moment").getByText("1 of 2 events").waitFor();
    await replayed().getByText(FIRST, { exact: true }).waitFor();
    expect(await page.getByTestId("audit-state").getByText("Edited", { exact: true }).count()).toBe(0);
    await shot(page, "audit-before-edit");

    await slider.press("Home");
    await page.getByTestId("audit-moment").getByText("0 of 2 events").waitFor();
    await page.getByText("Nothing had been written yet.").waitFor();

    await page.getByRole("button", { name: "Now" }).click();
    await replayed().getByText(SECOND, { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("downloads the timeline as CSV: its header and one row per event", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-history-.+-\d{2}-\d{2}-\d{4}\.csv$/);
    const file = await download.path();
    const rows = await parseExportCsv(await readFile(file, "utf8"));
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[5])).toEqual(["Action", "Note created", "Note edited"]);
    expect(rows[2]!.slice(9, 11)).toEqual([FIRST, SECOND]);
    // the last column names the zone the dates and times are in (decision 041)
    expect(rows[2]!.at(-1)).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+$|^UTC$/);
  });

  it("a fuller history: a comment deleted with its reason, a stop flag raised and resolved, each shown at its moment", async () => {
    const csrf = ((await (await page.request.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrf: string }).csrf;
    const send = async (method: "POST" | "DELETE", url: string, data: Record<string, unknown>) => {
      const response = await page.request.fetch(`${baseUrl}${url}`, { method, data, headers: { "x-csrf-token": csrf } });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { id?: string; data?: { id: string } };
    };
    const notes = (await (await page.request.get(`${baseUrl}/api/note?user_id=${participant.id}`)).json()) as { data: { id: string }[] };
    const noteId = notes.data[0]!.id;
    const comment = await send("POST", "/api/note/comment", { note_id: noteId, message: "Mother called the office" });
    await send("DELETE", "/api/note/comment", { id: comment.id, note_id: noteId, confirmation: "Posted on the wrong note" });
    await send("POST", "/api/note/flag", { user_id: participant.id, message: "Custody order: do not release", type: "stop", action: "Flag" });
    await send("POST", "/api/note/flag", { user_id: participant.id, message: "Order lifted by the court", type: "stop", action: "Unflag" });

    await page.goto(`${baseUrl}/participants/${participant.id}/audit`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("audit-event").count()).toBe(6);
    await page.getByTestId("audit-flag").getByText("Resolved", { exact: true }).waitFor();
    await page.getByText("Comment deleted by Adam Northside (Admins)", { exact: false }).waitFor();
    await shot(page, "audit-full-history");

    // back one event: the flag is active again
    const slider = page.getByTestId("audit-slider").getByRole("slider");
    await slider.focus();
    await slider.press("ArrowLeft");
    await page.getByTestId("audit-moment").getByText("5 of 6 events").waitFor();
    await page.getByTestId("audit-flag").getByText("Active", { exact: true }).waitFor();
    await shot(page, "audit-flag-active");
    // back two more: the comment stands, not yet deleted
    await slider.press("ArrowLeft");
    await slider.press("ArrowLeft");
    await page.getByTestId("audit-moment").getByText("3 of 6 events").waitFor();
    expect(await page.getByTestId("audit-flag").count()).toBe(0);
    await page.getByTestId("audit-state").getByText("Mother called the office").waitFor();
    expect(await page.getByText("Comment deleted by", { exact: false }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("requests the note and flag history as a background export from the audit page (202, then Downloads has it)", async () => {
    await page.goto(`${baseUrl}/participants/${participant.id}/audit`, { waitUntil: "networkidle" });
    const button = page.getByRole("button", { name: "Export note and flag history" });
    await button.waitFor();
    const asked = page.waitForResponse((r) => r.url().endsWith("/api/export") && r.request().method() === "POST");
    await button.click();
    const answer = await asked;
    expect(answer.status()).toBe(202);
    const asked202 = (await answer.json()) as { data: { id: string; file_name: string } };
    expect(asked202.data.file_name).toMatch(/^note-and-flag-history-\d{2}-\d{2}-\d{4}\.csv$/);
    await toast("Export started").waitFor();
    await shot(page, "audit-export-requested");

    // the worker builds it from the same timeline: the six events of this page
    let item: { id: string; status: string; rows: number | null } | undefined;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && item?.status !== "Completed"; await page.waitForTimeout(200)) {
      const listed = (await (await page.request.get(`${baseUrl}/api/export`)).json()) as { data: { id: string; status: string; rows: number | null }[] };
      item = listed.data.find((e) => e.id === asked202.data.id);
    }
    expect(item).toMatchObject({ status: "Completed", rows: 6 });
    await page.goto(`${baseUrl}/exports`, { waitUntil: "networkidle" });
    await page.getByText("Note and flag history", { exact: true }).first().waitFor();
    await shot(page, "audit-export-downloads");
    expect(pageErrors).toEqual([]);
  });
});
