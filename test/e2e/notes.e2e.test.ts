import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { solidPng } from "../support/craft-zip";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { signIn } from "./page-helpers";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots", import.meta.url));

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe("the Notes tab in the browser", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl: string;
  let participant: { id: string; full_name: string; member_id: string };
  const pageErrors: string[] = [];
  const toast = (text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
  const card = () => page.getByTestId("note-card").first();

  beforeAll(async () => {
    app = await startApp();
    baseUrl = app.baseUrl;
    await waitForProjections(baseUrl);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signIn(page, baseUrl, "admin@northside.demo");
    const report = (await (await page.request.get(`${baseUrl}/api/participant_report?page=0&size=40&statuses=Active`)).json()) as { data: { id: string; full_name: string; member_id: string }[] };
    participant = report.data.find((p) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(p.id))!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("opens the participant page from the list, with the Notes tab and no notes yet", async () => {
    await page.goto(`${baseUrl}/participants?size=40`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: participant.full_name, exact: true }).click();
    await page.waitForURL(`${baseUrl}/participants/${participant.id}`);
    await page.getByRole("heading", { name: participant.full_name, level: 1 }).waitFor();
    // the profile opens on its Overview (decision 039): the Notes tab is a click away
    await page.getByRole("tab", { name: "Notes" }).click();
    await page.waitForURL(`${baseUrl}/participants/${participant.id}?tab=notes`);
    await page.getByTestId("notes-count").getByText("0 Notes Found").waitFor();
    await page.getByText("No notes for this participant.").waitFor();
  });

  it("writes a note with the note form, and shows it on a card", async () => {
    await page.getByRole("button", { name: "Create Note" }).click();
    const form = page.getByTestId("note-form-dialog");
    await form.getByRole("heading", { name: "Note" }).waitFor();
    await form.getByText("Who can see this note?").waitFor();
    expect(await form.getByPlaceholder("Write your message here").getAttribute("rows")).toBe("3");
    await form.getByPlaceholder("Write your message here").fill("Arrived 20 minutes late, the bus was delayed");
    await form.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Late" }).click();
    await shot(page, "notes-form");
    await form.getByRole("button", { name: "Continue" }).click();
    await toast("Note successfully created").waitFor();
    await page.getByTestId("notes-count").getByText("1 Notes Found").waitFor();
    expect(await card().getByTestId("note-message").textContent()).toBe("Arrived 20 minutes late, the bus was delayed");
    expect(await card().getByTestId("note-author").textContent()).toContain("Northside");
    expect(await card().getByTestId("note-date").textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2} (AM|PM)$/);
    expect(await card().getByTestId("note-comment-count").textContent()).toBe("0 Comments");
  });

  it("comments with Ctrl+Enter, and edits the note ('Edited')", async () => {
    await card().getByTestId("note-comment-count").click();
    const box = card().getByRole("textbox", { name: "Write a comment" });
    await box.fill("Mother called to say the bus broke down");
    await box.press("Control+Enter");
    await card().getByTestId("comment").getByText("Mother called to say the bus broke down").waitFor();
    await card().getByTestId("note-comment-count").getByText("1 Comment", { exact: true }).waitFor();

    await card().getByRole("button", { name: "Note actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const form = page.getByTestId("note-form-dialog");
    await form.getByPlaceholder("Write your message here").fill("");
    expect(await form.getByRole("button", { name: "Continue" }).isDisabled()).toBe(true);
    await form.getByPlaceholder("Write your message here").fill("Arrived 25 minutes late, the bus broke down");
    await form.getByRole("button", { name: "Continue" }).click();
    await toast("Note successfully updated").waitFor();
    await card().getByText("Arrived 25 minutes late, the bus broke down").waitFor();
    await card().getByTestId("note-edited").waitFor();
    await card().getByTestId("note-comment-count").click();
    await card().getByTestId("comment").first().waitFor();
    await shot(page, "notes-card-with-comment");
  });

  it("archives the note with a reason: 'Note Archived' with its hint; comments are then disabled; restore brings it back", async () => {
    await card().getByRole("button", { name: "Note actions" }).click();
    await page.getByRole("menuitem", { name: "Archive" }).click();
    const dialog = page.getByTestId("reason-dialog");
    expect(await dialog.getByRole("button", { name: "Archive" }).isDisabled()).toBe(true);
    await dialog.getByRole("textbox").fill("Recorded twice by mistake");
    await dialog.getByRole("button", { name: "Archive" }).click();
    await toast("Note Archived").waitFor();
    await page.getByRole("region", { name: "Notifications" }).getByText("You can restore a note anytime by going to Archived Notes.").waitFor();
    await page.getByTestId("notes-count").getByText("0 Notes Found").waitFor();
    await shot(page, "notes-archived-toast");

    await page.getByRole("button", { name: "Filter" }).click();
    const filter = page.getByTestId("notes-filter-dialog");
    await filter.getByText("View Notes").waitFor();
    await filter.getByText("Sort By").waitFor();
    await filter.getByRole("radio", { name: "Archived Notes (1)" }).click();
    await shot(page, "notes-filter-dialog");
    await filter.getByRole("button", { name: "Apply Filter" }).click();
    await page.getByTestId("notes-count").getByText("1 Notes Found").waitFor();
    await card().getByText("Archived", { exact: true }).waitFor();
    await card().getByTestId("note-comment-count").click();
    await card().getByTestId("comments-disabled").getByText("Comments disabled for archived notes").waitFor();
    await card().getByText("Recorded twice by mistake").first().waitFor();
    await shot(page, "notes-archived");

    await card().getByRole("button", { name: "Note actions" }).click();
    await page.getByRole("menuitem", { name: "Restore" }).click();
    await toast("Note successfully restored").waitFor();
    await page.getByTestId("notes-count").getByText("0 Notes Found").waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("the check-in participant dialog shows the latest notes, and 'Load More...' the rest", async () => {
    const csrf = ((await (await page.request.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrf: string }).csrf;
    for (const message of ["Attending the Saturday art class", "Away on Friday", "Sick on Monday, back Tuesday", "Late: dentist appointment"]) {
      const response = await page.request.post(`${baseUrl}/api/note`, { data: { user_id: participant.id, message }, headers: { "x-csrf-token": csrf } });
      expect(response.status(), await response.text()).toBe(200);
    }
    await page.goto(`${baseUrl}/check-in?mode=in`, { waitUntil: "networkidle" });
    const dialog = page.getByRole("dialog", { name: "Check In Users to Northside Youth Centre" });
    await dialog.getByLabel("Add Users").fill(participant.member_id);
    await dialog.getByRole("option", { name: new RegExp(participant.member_id) }).click();
    const details = page.getByTestId("participant-dialog");
    const notes = details.getByTestId("participant-notes");
    await notes.getByText("Late: dentist appointment").waitFor();
    expect(await notes.getByTestId("note-card").count()).toBe(3);
    await page.screenshot({ path: path.join(SCREENSHOTS, "notes-check-in-dialog.png") });
    await notes.getByRole("link", { name: "Load More..." }).click();
    await notes.getByText("Arrived 25 minutes late, the bus broke down").waitFor();
    expect(await notes.getByTestId("note-card").count()).toBe(5);
    expect(await notes.getByRole("link", { name: "Load More..." }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("shows a flag as a note of type Manual Flag or Manual Warn Flag, offering only 'Mark As Resolved'", async () => {
    const report = (await (await page.request.get(`${baseUrl}/api/participant_report?page=0&size=1000&statuses=Active`)).json()) as { data: { id: string }[] };
    const flagged = report.data.find((p) => DEMO_FLAGGED_PARTICIPANT_IDS.has(p.id))!;
    await page.goto(`${baseUrl}/participants/${flagged.id}?tab=notes`, { waitUntil: "networkidle" });
    const flagCard = page.getByTestId("note-card").first();
    await flagCard.getByText(/^Manual (Warn )?Flag$/).waitFor();
    await flagCard.getByRole("button", { name: "Note actions" }).click();
    expect(await page.getByRole("menuitem").allTextContents()).toEqual(["Mark As Resolved"]);
    await shot(page, "notes-flag-note");
    await page.keyboard.press("Escape");
  });

  it("live: a coach's open Notes tab shows an admin's new note without reload, but never one limited to admins", async () => {
    const coachContext = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const coach = await coachContext.newPage();
      coach.on("pageerror", (error) => pageErrors.push(error.message));
      await signIn(coach, baseUrl, "coach@northside.demo");
      await coach.goto(`${baseUrl}/participants/${participant.id}?tab=notes`, { waitUntil: "networkidle" });
      // the count once the list has loaded (before that it reads 0)
      const before = (await coach.locator('[data-testid="notes-count"][data-loaded="true"]').textContent())!;
      const count = Number(before.split(" ")[0]);
      const groups = (await (await page.request.get(`${baseUrl}/api/user/role`)).json()) as { data: { id: string; name: string }[] };
      const adminGroup = groups.data.find((g) => g.name === "ADMIN")!.id;
      const csrf = ((await (await page.request.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrf: string }).csrf;
      const post = async (data: Record<string, unknown>) => {
        const response = await page.request.post(`${baseUrl}/api/note`, { data: { user_id: participant.id, ...data }, headers: { "x-csrf-token": csrf } });
        expect(response.status(), await response.text()).toBe(200);
      };
      await post({ message: "Custody matter, admins only", role_ids: [adminGroup] });
      await post({ message: "Bring a water bottle on Saturday" });
      // in All Notes (the live list); the page's Today's Notes shows it too once the page revalidated
      await coach.getByTestId("notes-tab").getByText("Bring a water bottle on Saturday").waitFor();
      await coach.getByTestId("notes-today").getByText("Bring a water bottle on Saturday").waitFor();
      await coach.getByTestId("notes-count").getByText(`${count + 1} Notes Found`).waitFor();
      expect(await coach.getByText("Custody matter, admins only").count()).toBe(0);
      await shot(coach, "notes-live-coach");
    } finally {
      await coachContext.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it("'Flag This Member' raises a warn flag shown as a note; 'Mark As Resolved' resolves it with a reason (Resolved badge)", async () => {
    await page.goto(`${baseUrl}/participants/${participant.id}?tab=notes`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Flag This Member" }).click();
    const dialog = page.getByTestId("flag-dialog");
    await dialog.getByRole("heading", { name: "Flag This Member" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Flag Member" }).isDisabled()).toBe(true);
    await dialog.getByRole("textbox").fill("Allergy plan updated: check the EpiPen");
    await dialog.getByRole("button", { name: "Flag Member" }).click();
    await toast("Participant flagged successfully").waitFor();
    const flagCard = page.getByTestId("note-card").filter({ hasText: "Allergy plan updated: check the EpiPen" });
    await flagCard.getByText("Manual Warn Flag", { exact: true }).waitFor();

    await flagCard.getByRole("button", { name: "Note actions" }).click();
    await page.getByRole("menuitem", { name: "Mark As Resolved" }).click();
    const resolve = page.getByTestId("reason-dialog");
    await resolve.getByRole("heading", { name: "Resolve Flag" }).waitFor();
    expect(await resolve.getByRole("button", { name: "Unflag Member" }).isDisabled()).toBe(true);
    await resolve.getByRole("textbox").fill("Plan checked with the parent");
    await resolve.getByRole("button", { name: "Unflag Member" }).click();
    await toast("Participant successfully unflagged").waitFor();
    await flagCard.getByTestId("resolved-badge").waitFor();
    await flagCard.getByText(/Warn Note: Plan checked with the parent/).waitFor();
    expect(await flagCard.getByRole("button", { name: "Note actions" }).count()).toBe(0);
    await shot(page, "notes-flag-resolved");
    expect(pageErrors).toEqual([]);
  });

  it("attaches an image in the note form: the card shows 'Attached Image' with its preview, which opens the 'Attached Image' dialog", async () => {
    const report = (await (await page.request.get(`${baseUrl}/api/participant_report?page=0&size=40&statuses=Active`)).json()) as { data: { id: string }[] };
    const other = report.data.find((p) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(p.id) && p.id !== participant.id)!;
    await page.goto(`${baseUrl}/participants/${other.id}?tab=notes`, { waitUntil: "networkidle" });
    const before = Number((await page.locator('[data-testid="notes-count"][data-loaded="true"]').textContent())!.split(" ")[0]);
    await page.getByRole("button", { name: "Create Note" }).click();
    const form = page.getByTestId("note-form-dialog");
    await form.getByPlaceholder("Write your message here").fill("Scraped a knee on the playground, cleaned and bandaged");
    // a small PNG made here: an orange block, so the preview is easy to see
    await form.getByTestId("note-attachment-input").setInputFiles({ name: "scraped knee.png", mimeType: "image/png", buffer: solidPng(120, 80, [230, 126, 34]) });
    await form.getByTestId("note-attachment-picked").waitFor();
    await form.getByRole("button", { name: "Change Image" }).waitFor();
    await shot(page, "notes-form-attachment");
    await form.getByRole("button", { name: "Continue" }).click();
    await toast("Note successfully created").waitFor();
    await page.getByTestId("notes-count").getByText(`${before + 1} Notes Found`).waitFor();

    const attached = page.getByTestId("note-card").filter({ hasText: "Scraped a knee on the playground" });
    await attached.getByTestId("note-attachment").getByText("Attached Image", { exact: true }).waitFor();
    const preview = attached.getByTestId("note-attachment-preview");
    expect(await preview.getAttribute("src")).toMatch(/^\/api\/asset\/file\/[^/]+\/scraped_knee\.png$/);
    // the image really loads (a broken url has no natural size)
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await shot(page, "notes-card-attached-image");

    await preview.click();
    const dialog = page.getByTestId("attached-image-dialog");
    await dialog.getByRole("heading", { name: "Attached Image" }).waitFor();
    await expect.poll(() => dialog.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(80);
    await page.screenshot({ path: path.join(SCREENSHOTS, "notes-attached-image-dialog.png"), animations: "disabled" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(pageErrors).toEqual([]);
  });
});
