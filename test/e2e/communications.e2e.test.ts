import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/**
 * Communications (decisions 088-090) in real Chromium, two browsers in Maple Street School: the admin composes an
 * announcement (the server's messages for an empty form first), picks the Parents group and sees the live count,
 * sends it in-app; the parent, on another page, sees the Messages badge rise live, opens the copy; the admin's
 * delivery view then reads "Read". axe and sideways scroll on the list, the form and the delivery view at three sizes.
 * Then (issue 18's browser test) an in-app announcement to a program: the parent of a member registered to it sees the
 * badge rise live on another page, opens the conversation and replies; the admin, its author, reads the reply.
 */
describe("communications", () => {
  const suite = browserSuite();

  it("the admin sends to the parents; the parent's badge rises live; the delivery shows read", async () => {
    const found: string[] = [];
    const { page: parent } = await suite.signIn("parent@maple.demo");
    const { page: admin } = await suite.signIn("admin@maple.demo");
    await parent.setViewportSize(DESKTOP);
    await gotoSettled(parent, "/my-profile");
    const badge = parent.locator('a.rc-nav-item[href="/inbox"]').first();
    await badge.getByText("Messages").waitFor();
    const unread = async () => {
      const text = (await badge.textContent()) ?? "";
      return /9\+ unread/.test(text) ? 10 : Number(/(\d+) unread/.exec(text)?.[1] ?? 0);
    };
    const before = await unread();

    await admin.setViewportSize(DESKTOP);
    await gotoSettled(admin, "/communications");
    await admin.getByRole("heading", { name: "Communications", level: 1 }).waitFor();
    await admin.getByTestId("communication-list").getByText("Permission forms due Friday").waitFor();
    await auditEverySize(admin, "communications", found);
    await admin.setViewportSize(DESKTOP);
    await admin.getByRole("link", { name: "New Communication" }).click();
    const compose = admin.getByTestId("compose");
    await compose.getByRole("heading", { name: "New Communication" }).waitFor();
    // the server's own messages: nothing written
    await compose.getByRole("button", { name: "Send" }).click();
    await compose.getByText("Subject is required").first().waitFor();
    await compose.getByLabel("Subject").fill("Soccer is cancelled tonight");
    // the editor (TipTap, decision 109): typed markup is text, never markup; the toolbar formats
    const editor = compose.getByRole("textbox", { name: "Message", exact: true });
    await editor.fill("The field is flooded. <script>alert(1)</script>See you Thursday.");
    await editor.press("ControlOrMeta+a");
    await compose.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }).click();
    await compose.getByRole("button", { name: "Bold", pressed: true }).waitFor();
    await compose.getByRole("checkbox", { name: "Parents" }).click();
    await expect.poll(async () => Number(/(\d+) recipients?/.exec((await compose.getByTestId("audience-count").textContent()) ?? "")?.[1] ?? 0), { timeout: 10_000 }).toBeGreaterThan(0);
    // an attachment (decision 107): uploaded at once by the upload flow, listed with its size, removable
    await compose.getByTestId("attachments-input").setInputFiles({ name: "field-closure-notice.pdf", mimeType: "application/pdf", buffer: PDF });
    await compose.getByRole("list", { name: "Attached files" }).getByText("field-closure-notice.pdf").waitFor();
    await compose.getByRole("button", { name: "Remove field-closure-notice.pdf" }).waitFor();
    await auditEverySize(admin, "communications compose", found);
    await admin.setViewportSize(PHONE);
    await compose.getByRole("list", { name: "Attached files" }).scrollIntoViewIfNeeded();
    await screenshot(admin, "communications-compose-attachment-phone");
    await admin.setViewportSize(DESKTOP);
    await compose.getByRole("button", { name: "Send" }).click();
    const detail = admin.getByTestId("communication-detail");
    await detail
      .getByRole("heading", { name: "Soccer is cancelled tonight" })
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        throw new Error(`after Send: ${admin.url()}\n${(await admin.locator("main").textContent().catch(() => "")) ?? ""}`, { cause: error });
      });
    // bold as formatted; the typed tag shown as the words it was, no script element anywhere
    await detail.locator("strong").getByText("The field is flooded. <script>alert(1)</script>See you Thursday.").waitFor();
    expect(await detail.locator("script").count()).toBe(0);
    await detail.getByRole("list", { name: "Attachments" }).getByRole("link", { name: "field-closure-notice.pdf" }).waitFor();

    // the parent's badge, live, without a reload
    await expect.poll(unread, { timeout: 20_000 }).toBe(before + 1);
    await gotoSettled(parent, "/inbox");
    // Maple asks families the daily screening first (spec-2 section 4): closed without answering
    const prompt = parent.getByTestId("screening-intro");
    if (await prompt.waitFor({ timeout: 5000 }).then(() => true, () => false)) {
      await parent.keyboard.press("Escape");
      await prompt.waitFor({ state: "hidden" });
    }
    await parent.getByTestId("inbox-list").getByRole("link", { name: /Unread: Soccer is cancelled tonight/ }).click();
    await parent.getByTestId("message").getByText("The field is flooded. <script>alert(1)</script>See you Thursday.").waitFor();
    // the parent opens the file from the in-app copy: a signed url that serves the PDF
    const href = await parent.getByTestId("message").getByRole("link", { name: "field-closure-notice.pdf" }).getAttribute("href");
    const served = await parent.request.get(href!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("application/pdf");

    // the sender's delivery view: read in the app
    await expect
      .poll(
        async () => {
          await admin.reload();
          return (await admin.getByTestId("delivery-tally").textContent().catch(() => "")) ?? "";
        },
        { timeout: 20_000, interval: 500 },
      )
      .toMatch(/Read: 1/);
    await auditEverySize(admin, "communications delivery", found);
    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 180_000);

  it("the admin sends in-app to a program; a member's parent sees the badge rise live, opens it and replies; the admin sees the reply", async () => {
    const subject = "Saturday Soccer: bring a water bottle";
    const reply = "Thank you, Maya will bring hers.";
    const { page: parent } = await suite.signIn("parent@maple.demo");
    const { page: admin } = await suite.signIn("admin@maple.demo");
    await parent.setViewportSize(DESKTOP);
    await admin.setViewportSize(DESKTOP);
    await gotoSettled(parent, "/my-profile");
    const badge = parent.locator('a.rc-nav-item[href="/inbox"]').first();
    await badge.getByText("Messages").waitFor();
    const unread = async () => {
      const text = (await badge.textContent()) ?? "";
      return /9\+ unread/.test(text) ? 10 : Number(/(\d+) unread/.exec(text)?.[1] ?? 0);
    };
    const before = await unread();
    expect(before).toBeLessThan(9);

    // compose to the program Maya (the demo parent's child) is registered to, in-app only (the new form's default)
    await gotoSettled(admin, "/communications?edit=new");
    const compose = admin.getByTestId("compose");
    await compose.getByRole("heading", { name: "New Communication" }).waitFor();
    await compose.getByLabel("Subject").fill(subject);
    await compose.getByRole("textbox", { name: "Message", exact: true }).fill("Practice is outside in the sun: every player brings a water bottle.");
    await compose.getByRole("group", { name: /^Programs/ }).getByRole("checkbox", { name: "Saturday Soccer", exact: true }).click();
    await expect.poll(async () => (await compose.getByTestId("audience-count").textContent()) ?? "", { timeout: 10_000 }).toMatch(/^\d+ recipients?$/);
    expect(await compose.getByRole("checkbox", { name: "In-app" }).isChecked()).toBe(true);
    for (const other of ["E-mail", "Text message"]) {
      const box = compose.getByRole("checkbox", { name: other });
      if ((await box.count()) > 0) expect(await box.isChecked()).toBe(false);
    }
    await compose.getByRole("button", { name: "Send" }).click();
    await admin.getByTestId("communication-detail").getByRole("heading", { name: subject }).waitFor({ timeout: 20_000 });

    // the parent's badge rises live on the other page, no reload: Maya's copy reaches her guardian (decision 073)
    await expect.poll(unread, { timeout: 20_000 }).toBe(before + 1);
    await gotoSettled(parent, "/inbox");
    const prompt = parent.getByTestId("screening-intro");
    if (await prompt.waitFor({ timeout: 5000 }).then(() => true, () => false)) {
      await parent.keyboard.press("Escape");
      await prompt.waitFor({ state: "hidden" });
    }
    await parent.getByTestId("inbox-list").getByRole("link", { name: new RegExp(`Unread: ${subject}`) }).click();
    const opened = parent.getByTestId("thread");
    await opened.getByText("Practice is outside in the sun: every player brings a water bottle.").waitFor();
    await opened.getByTestId("thread-members").getByText(/as the guardian of Maya/).waitFor();
    await opened.getByLabel("Reply").fill(reply);
    await opened.getByRole("button", { name: "Send Reply" }).click();
    await opened.getByText(reply).waitFor();

    // the admin, the announcement's author, reads the reply in their inbox
    await gotoSettled(admin, "/inbox");
    await admin.getByTestId("inbox-list").getByRole("link", { name: new RegExp(`Unread: ${subject}`) }).click({ timeout: 15_000 });
    await admin.getByTestId("thread").getByTestId("message").getByText(reply).waitFor();
    expect(suite.errors).toEqual([]);
  }, 180_000);
});
