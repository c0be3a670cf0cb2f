import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Surveys (decisions 074, 105, 110, 111, 117) in real Chromium. The admin builds a three-page survey on the builder
 * page (a condition, a required question, one reorder) and publishes it; on a phone-sized screen a member (child2@,
 * Leo) answers it page by page with a reload in the middle (the first page's answers come back) and submits; the
 * admin sees its summary counts on the list and its report's chart; a parent sees the demo post survey only for the
 * child young enough (decision 117); then the demo post survey's report with its pre/post evaluation. Axe at desktop, tablet and phone; screenshots at phone size.
 */
describe("building a three-page survey, answering it on a phone, and its report", () => {
  const suite = browserSuite();

  it("builds three pages on the builder (one reorder), answers on a phone with a reload, submits once; the summary counts and the chart; axe at every size", async () => {
    const found: string[] = [];
    const NAME = "Season three pages";
    const staff = await suite.signIn("admin@northside.demo");
    const admin = staff.page;

    // the builder (decisions 110, 111) and its preview as the member will see it
    await gotoSettled(admin, "/survey?build=new");
    await admin.getByRole("heading", { name: "New survey", level: 1 }).waitFor();
    await admin.getByLabel("Name", { exact: true }).fill(NAME);
    await admin.getByLabel("Page 1 element 1 text").fill("How was your season?");
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin.getByTestId("survey-preview").getByText("Page 1 of 1").waitFor();
    await admin.setViewportSize(DESKTOP);
    // page 1: a single choice Q2 after the rating Q1; then reordered: Q2 moves up, its item code kept
    await admin.getByLabel("Page 1 new element type").selectOption("single_choice");
    await admin.getByRole("button", { name: "Add to page 1" }).click();
    await admin.getByLabel("Page 1 element 2 text").fill("Do you play sport?");
    await admin.getByLabel("Page 1 element 2 options").fill("yes = Yes\nno = No");
    const up = admin.getByRole("button", { name: "Move page 1 element 2 up" });
    await up.focus();
    await admin.keyboard.press("Enter");
    expect(await admin.getByLabel("Page 1 element 1 item code").inputValue()).toBe("Q2");
    expect(await admin.getByLabel("Page 1 element 1 text").inputValue()).toBe("Do you play sport?");
    expect(await admin.getByLabel("Page 1 element 2 item code").inputValue()).toBe("Q1");
    // focus followed the moved question (now first: its Down button)
    expect(await admin.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move page 1 element 1 down");
    // page 2: shown only when Q2 is answered Yes (decision 110); the preview skips it until then
    await admin.getByRole("button", { name: "Add a page" }).click();
    await admin.getByLabel("Page 2 new element type").selectOption("short_text");
    await admin.getByRole("button", { name: "Add to page 2" }).click();
    await admin.getByLabel("Page 2 element 1 text").fill("Which sport?");
    await admin.getByLabel("Page 2 condition question").selectOption("Q2");
    // page 3: a required rating
    await admin.getByRole("button", { name: "Add a page" }).click();
    await admin.getByLabel("Page 3 new element type").selectOption("rating");
    await admin.getByRole("button", { name: "Add to page 3" }).click();
    await admin.getByLabel("Page 3 element 1 text").fill("Would you come back?");
    await admin.getByTestId("builder-page").nth(2).getByRole("checkbox", { name: "Required" }).click();
    const preview = admin.getByTestId("survey-preview");
    await preview.getByText("Page 1 of 2").waitFor();
    await preview.getByRole("group", { name: /Do you play sport/ }).getByLabel("Yes", { exact: true }).check();
    await preview.getByRole("button", { name: "Next page" }).click();
    await preview.getByText("Page 2 of 3").waitFor();
    await preview.getByText("Which sport?").waitFor();
    // three pages with their move buttons (across a page's edge: 'To page N') and the preview
    await admin.getByRole("button", { name: "Move page 2 element 1 to page 1" }).waitFor();
    await admin.getByRole("button", { name: "Move page 3 up" }).waitFor();
    await auditEverySize(admin, "survey builder with its preview", found);
    await screenshot(admin, "survey-builder-phone");
    await admin.getByRole("button", { name: "Save survey" }).click();
    await admin.getByRole("heading", { name: `Edit: ${NAME}`, level: 1 }).waitFor();
    await admin.getByText("Draft · version 1").waitFor();
    expect(await admin.getByLabel("Page 1 element 1 item code").inputValue()).toBe("Q2");
    await admin.getByRole("button", { name: "Publish" }).click();
    await admin.getByText("Published · version 1").waitFor();

    // a member answers it on a phone, with a reload in the middle
    const member = await suite.signIn("child2@northside.demo");
    const page = member.page;
    await page.setViewportSize(PHONE);
    await gotoSettled(page, "/challenges");
    await page.getByRole("heading", { name: "Surveys", level: 2 }).waitFor();
    await auditEverySize(page, "open surveys", found);
    await page.getByRole("link", { name: `Start ${NAME}` }).click();
    // page 2 is not shown until Q2 is answered Yes
    await page.getByText("Page 1 of 2").waitFor();
    await auditEverySize(page, "answering", found);
    await screenshot(page, "survey-answer-phone");
    await page.getByRole("group", { name: /Do you play sport/ }).getByLabel("Yes", { exact: true }).check();
    await page.getByRole("group", { name: /How was your season/ }).getByLabel("4", { exact: true }).check();
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByText("Page 2 of 3").waitFor();
    // the reload in the middle: page 2 again; back to page 1, its answers are there
    await page.reload();
    await page.getByText("Page 2 of 3").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Page 1 of 3").waitFor();
    expect(await page.getByRole("group", { name: /How was your season/ }).getByLabel("4", { exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("group", { name: /Do you play sport/ }).getByLabel("Yes", { exact: true }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByText("Page 2 of 3").waitFor();
    await page.getByLabel(/Which sport/).fill("Basketball");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByText("Page 3 of 3").waitFor();
    // submitting without the required answer keeps the page and names the question
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Question 'Q4' needs an answer before the survey is submitted").waitFor();
    await page.getByRole("group", { name: /Would you come back/ }).getByLabel("5", { exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Surveys", level: 2 }).waitFor();
    const card = page.getByRole("listitem").filter({ hasText: NAME });
    await card.getByText("Completed").waitFor();
    expect(await card.getByRole("link").count()).toBe(0);

    // a parent (decision 117): the demo post survey lets parents answer for children under 12, so parent@ sees it for
    // Maya (9) and not for Leo (12); the survey built above is for members themselves, so not at all
    const parent = (await suite.signIn("parent@northside.demo")).page;
    await parent.setViewportSize(PHONE);
    await gotoSettled(parent, "/challenges");
    const surveys = parent.getByRole("list", { name: "Surveys to answer" });
    await surveys.getByRole("link", { name: /^Start Wellbeing check \(post\) for Maya/ }).waitFor();
    expect(await surveys.getByRole("link", { name: /for Leo/ }).count()).toBe(0);
    expect(await surveys.getByText(NAME).count()).toBe(0);
    await auditEverySize(parent, "a parent's open surveys", found);
    await screenshot(parent, "survey-parent-phone");

    // the summary counts on the list, and the report's chart
    await admin.setViewportSize(PHONE);
    await gotoSettled(admin, "/survey");
    await admin.getByRole("heading", { name: "Surveys", level: 1 }).waitFor();
    const built = admin.getByRole("listitem").filter({ hasText: NAME });
    expect((await built.innerText()).replace(/\s+/g, " ")).toMatch(/1 completed.*0 in progress/);
    await auditEverySize(admin, "survey list", found);
    await admin.setViewportSize(DESKTOP);
    await built.getByRole("link", { name: NAME }).click();
    await admin.getByRole("heading", { name: "Answers per question" }).waitFor();
    await admin.getByRole("rowheader", { name: /Leo/ }).first().waitFor();
    await admin.getByRole("img", { name: /^Q1, answers of 1 responses: 1: 0, 2: 0, 3: 0, 4: 1, 5: 0/ }).locator(".recharts-bar-rectangle").first().waitFor();
    await admin.getByText("Table view: answers to Q1").click();
    await admin.setViewportSize(PHONE);
    await screenshot(admin, "survey-built-report-phone");
    await admin.setViewportSize(DESKTOP);

    // the demo post survey's report: the charts (recharts, decision 105) and the pre/post change
    await gotoSettled(admin, "/survey");
    await admin.getByRole("listitem").filter({ hasText: "Wellbeing check (post)" }).getByRole("link", { name: "Wellbeing check (post)" }).click();
    await admin.getByRole("heading", { name: "Answers per question" }).waitFor();
    await admin.getByRole("heading", { name: /WB_1: I feel good about myself/ }).waitFor();
    await admin.getByRole("img", { name: /^WB_1, answers of \d+ responses: 1: \d+/ }).locator(".recharts-bar-rectangle").first().waitFor();
    await admin.getByText("Table view: answers to WB_1").click();
    await admin.getByRole("heading", { name: "Pre/post evaluation" }).waitFor();
    await admin.getByText(/Wellbeing check \(pre\) \(before\) and Wellbeing check \(post\) \(after\): \d+ members answered both/).waitFor();
    const change = admin.getByRole("img", { name: /^Mean answer before and after, per item: WB_1: [\d.]+ before, [\d.]+ after/ });
    await change.locator(".recharts-bar-rectangle").first().waitFor();
    await admin.getByText("Table view: the mean answer before and after").click();
    await admin.getByRole("rowheader", { name: "WB_1" }).waitFor();
    await admin.getByText("This is the post survey of").waitFor();
    await admin.getByTestId("export-survey-evaluation").waitFor();
    await auditEverySize(admin, "survey report", found);
    await screenshot(admin, "survey-report-phone");
    // the Likert statements are questions of their own in the report
    await admin.getByRole("heading", { name: /LK_PROUD: I am proud of what I did this season/ }).waitFor();

    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 180_000);
});
