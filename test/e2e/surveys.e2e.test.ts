import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Surveys (decision 074) in real Chromium: on a phone-sized screen, a member (child2@, not among the seed's
 * answers) answers the demo post survey page by page with a reload in the middle (the first page's answers
 * come back), and submits; the admin sees the summary list and the survey's report. Axe at desktop, tablet and phone.
 */
describe("answering a survey on a phone, and its report", () => {
  const suite = browserSuite();


  it("answers page 1, reloads, resumes, submits once; the report shows it; axe at desktop, tablet and phone", async () => {
    const found: string[] = [];
    const member = await suite.signIn("child2@northside.demo");
    const page = member.page;
    await page.setViewportSize(PHONE);
    await gotoSettled(page, "/challenges");
    await page.getByRole("heading", { name: "Surveys", level: 2 }).waitFor();
    await auditEverySize(page, "open surveys", found);
    await page.getByRole("link", { name: "Start Wellbeing check (post)" }).click();
    await page.getByText("Page 1 of 2").waitFor();
    await auditEverySize(page, "answering", found);
    await screenshot(page, "survey-answer-phone");

    // page 1: three ratings (4, 5, 3)
    for (const [question, value] of [["I feel good about myself.", "4"], ["I have an adult here I can talk to.", "5"], ["I get along with the other members.", "3"]] as const) {
      await page.getByRole("group", { name: new RegExp(question.replace(".", "\\.")) }).getByLabel(value, { exact: true }).check();
    }
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    // a reload in the middle: page 2 again; back to page 1, its answers are there
    await page.reload();
    await page.getByText("Page 2 of 2").waitFor();
    // submitting without the required answers keeps the page and names the question
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Question 'WB_4' needs an answer before the survey is submitted").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Page 1 of 2").waitFor();
    expect(await page.getByRole("group", { name: /I feel good about myself/ }).getByLabel("4", { exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("group", { name: /I get along/ }).getByLabel("3", { exact: true }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    await page.getByRole("group", { name: /I try new things/ }).getByLabel("2", { exact: true }).check();
    await page.getByRole("group", { name: /I feel safe/ }).getByLabel("5", { exact: true }).check();
    // the Likert matrix (decision 110): each statement its own radio group on the shared scale
    await page.getByRole("group", { name: "How far do you agree?" }).getByRole("group", { name: /I am proud of what I did/ }).getByLabel("Agree", { exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Surveys", level: 2 }).waitFor();
    const card = page.getByRole("listitem").filter({ hasText: "Wellbeing check (post)" });
    await card.getByText("Completed").waitFor();
    expect(await card.getByRole("link").count()).toBe(0);

    const staff = await suite.signIn("admin@northside.demo");
    const admin = staff.page;
    await gotoSettled(admin, "/survey");
    await admin.getByRole("heading", { name: "Surveys", level: 1 }).waitFor();
    const post = admin.getByRole("listitem").filter({ hasText: "Wellbeing check (post)" });
    await post.getByText("completed").first().waitFor();
    await auditEverySize(admin, "survey list", found);
    await admin.setViewportSize(DESKTOP);
    await post.getByRole("link", { name: "Wellbeing check (post)" }).click();
    await admin.getByRole("heading", { name: "Answers per question" }).waitFor();
    await admin.getByRole("heading", { name: /WB_1: I feel good about myself/ }).waitFor();
    await admin.getByRole("rowheader", { name: /Leo/ }).first().waitFor();
    // the charts (recharts, decision 105): a bar chart per question with its table view, and the pre/post change
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

    // the builder (decision 111) and its preview as the member will see it
    await gotoSettled(admin, "/survey?build=new");
    await admin.getByRole("heading", { name: "New survey", level: 1 }).waitFor();
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin.getByTestId("survey-preview").getByText("Page 1 of 1").waitFor();
    await auditEverySize(admin, "survey builder with its preview", found);
    await screenshot(admin, "survey-builder-phone");
    // a condition (decision 110): page 2 only when Q2 is answered Yes; the preview skips it until then
    await admin.getByLabel("Page 1 new element type").selectOption("single_choice");
    await admin.getByRole("button", { name: "Add to page 1" }).click();
    await admin.getByLabel("Page 1 element 2 text").fill("Do you play sport?");
    await admin.getByLabel("Page 1 element 2 options").fill("yes = Yes\nno = No");
    await admin.getByRole("button", { name: "Add a page" }).click();
    await admin.getByLabel("Page 2 new element type").selectOption("short_text");
    await admin.getByRole("button", { name: "Add to page 2" }).click();
    await admin.getByLabel("Page 2 element 1 text").fill("Which sport?");
    await admin.getByLabel("Page 2 condition question").selectOption("Q2");
    const preview = admin.getByTestId("survey-preview");
    await preview.getByText("Page 1 of 1").waitFor();
    await preview.getByRole("group", { name: /Do you play sport/ }).getByLabel("Yes", { exact: true }).check();
    await preview.getByRole("button", { name: "Next page" }).click();
    await preview.getByText("Page 2 of 2").waitFor();
    await preview.getByText("Which sport?").waitFor();

    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 180_000);
});
