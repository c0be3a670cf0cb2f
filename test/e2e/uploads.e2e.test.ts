import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../support/craft-zip";
import type { HttpClient } from "../support/http-client";
import { checkInByApi, snap, startCheckInSuite, type CheckInSuite } from "./check-in-helpers";

// the participant dialog of the check-in board: a photo uploaded in three steps shows at once and after a reload
describe("uploads in the browser: a participant's photo", () => {
  let suite: CheckInSuite | undefined;
  let admin: HttpClient;
  let staff: Page;
  let member: CheckInSuite["member"];
  const errors: string[] = [];

  beforeAll(async () => {
    suite = await startCheckInSuite(errors);
    ({ admin, staff, member } = suite);
  });
  afterAll(() => suite?.close());

  const openDialog = async (memberId: string, fullName: string) => {
    await staff.locator(`[data-testid="board-row"][data-member-id="${memberId}"]`).getByRole("button", { name: fullName, exact: true }).click();
    const dialog = staff.getByTestId("participant-dialog");
    await dialog.getByText("Personal Info").waitFor();
    return dialog;
  };

  it("uploads a photo from the participant dialog; it shows there and comes back from GET /api/participant/{id}", async () => {
    const m = member((x) => x.is_waiver_signed);
    await checkInByApi(admin, m.member_id);
    await staff.locator(`[data-testid="board-row"][data-member-id="${m.member_id}"]`).waitFor();
    let dialog = await openDialog(m.member_id, m.full_name);
    expect(await dialog.locator("img").count()).toBe(0);

    const calls: string[] = [];
    staff.on("request", (r) => r.url().includes("/api/asset") && calls.push(`${r.method()} ${new URL(r.url()).pathname.replace(/\/(put|file)\/[^/]+/, "/$1/{token}")}`));
    await dialog.getByTestId("photo-input").setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: solidPng(96, 96, [149, 53, 143]) });
    const avatar = dialog.locator('img[src^="/api/asset/file/"]');
    await avatar.waitFor();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    // the three steps, then the image itself by its signed url
    expect(calls).toEqual(["GET /api/asset/upload/portrait.png", "PUT /api/asset/put/{token}", "PUT /api/asset", "GET /api/asset/file/{token}/portrait.png"]);
    await staff.getByText("Photo successfully updated").waitFor();
    expect(await dialog.getByRole("button", { name: "Change Photo" }).isVisible()).toBe(true);
    await snap(staff, "uploads-participant-photo", dialog);
    // the board row behind the dialog follows live: its visit republished with the photo's url (decision 023)
    const rowPhoto = () => staff.locator(`[data-testid="board-row"][data-member-id="${m.member_id}"] img[src^="/api/participant/${m.id}/photo?v="]`);
    await expect.poll(() => rowPhoto().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);

    // an HTML file named .png: refused by its bytes, the spec's text in the toast, the old photo kept
    await dialog.getByTestId("photo-input").setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
    await staff.getByText("Unable to upload file.", { exact: true }).waitFor();
    expect(await staff.getByText("The file is not a PNG, JPEG, GIF or WebP image.", { exact: true }).isVisible()).toBe(true);
    await snap(staff, "uploads-photo-refused");
    expect(await avatar.count()).toBe(1);

    // reopened after a reload: the photo comes from the read model, as a fresh signed url
    await dialog.getByRole("button", { name: "Done" }).click();
    await staff.reload({ waitUntil: "networkidle" });
    // and after the reload, from the board call; a member without a photo keeps their initials
    await expect.poll(() => rowPhoto().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    const other = member((x) => x.is_waiver_signed);
    await checkInByApi(admin, other.member_id);
    const otherRow = staff.locator(`[data-testid="board-row"][data-member-id="${other.member_id}"]`);
    await otherRow.waitFor();
    expect(await otherRow.locator("img").count()).toBe(0);
    await snap(staff, "uploads-board-row-photo");
    dialog = await openDialog(m.member_id, m.full_name);
    await expect.poll(() => dialog.locator('img[src^="/api/asset/file/"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    expect(errors).toEqual([]);
  });
});
