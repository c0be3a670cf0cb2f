import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const PHONE = { width: 390, height: 844 };

/**
 * Points and the store (decisions 075-077) in real Chromium: a member (child1@) fills the cart, reloads (the cart is
 * still there: `cartItems`), checks out; the admin marks the order fulfilled on /store and awards points on
 * /points-rewards. Axe and no sideways scrolling at desktop, tablet and phone on /store and /points-rewards.
 */
describe("the store and points pages", () => {
  const suite = browserSuite();


  it("a member fills the cart, reloads, checks out; staff fulfil and award", async () => {
    const found: string[] = [];
    const member = await suite.signIn("child1@northside.demo");
    const page = member.page;
    await gotoSettled(page, "/store");
    await page.getByRole("heading", { name: "Store", level: 1 }).waitFor();
    await page.getByLabel("700 points to spend").waitFor();
    await auditEverySize(page, "store (member)", found);
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Add to cart: Water bottle" }).click();
    await page.getByRole("dialog", { name: "Your cart" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add to cart: Snack voucher" }).click();
    await page.getByRole("dialog", { name: "Your cart" }).waitFor();
    await page.keyboard.press("Escape");
    // the cart survives a reload
    await page.reload();
    await page.getByRole("button", { name: "Cart, 2 items" }).click();
    const cart = page.getByRole("dialog", { name: "Your cart" });
    await cart.getByText("180 points").waitFor();
    await screenshot(page, "store-cart-phone");
    await cart.getByRole("button", { name: "Check out" }).click();
    await page.getByText("Order successfully created: 180 points spent").waitFor();
    await page.getByLabel("520 points to spend").waitFor();
    await page.getByRole("button", { name: "Cart, 0 items" }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem("cartItems"))).toBe("[]");

    const staff = await suite.signIn("admin@northside.demo");
    const admin = staff.page;
    await gotoSettled(admin, "/store");
    await admin.getByRole("heading", { name: "Orders" }).waitFor();
    await auditEverySize(admin, "store (staff)", found);
    await admin.getByRole("button", { name: /^Mark fulfilled: .*Water bottle.* for Maya/ }).click();
    await admin.getByText("Order successfully updated").waitFor();
    await gotoSettled(admin, "/points-rewards?q=Maya");
    await admin.getByRole("heading", { name: "Award points" }).waitFor();
    await auditEverySize(admin, "points-rewards", found);
    await admin.getByRole("region", { name: "Members to award" }).getByRole("checkbox").first().check();
    await admin.getByRole("textbox", { name: "Reason", exact: true }).fill("Helped at the bake sale");
    await admin.getByRole("button", { name: "Award points" }).click();
    await admin.getByText(/Point successfully created \(1 member\)/).waitFor();
    await admin.getByRole("cell", { name: "Helped at the bake sale" }).first().waitFor();

    // the member's page follows: the order is fulfilled
    await page.reload();
    await page.getByRole("region", { name: "Rewards bought" }).getByText("Fulfilled").waitFor();
    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 240_000);
});
