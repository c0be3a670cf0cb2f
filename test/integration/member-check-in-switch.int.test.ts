import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInStream } from "../../modules/check-in";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { eventually } from "../support/eventually";

type Member = { id: string; member_id: string; is_waiver_signed: boolean; pick_up_permission: string };
const INDEPENDENT = "Child may travel to and from the facility independently";
const ADDRESS = { street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" };
const OFF = { code: "MEMBER_CHECK_IN_OFF", message: "Checking members in and out is turned off for this organization." };

/**
 * The organization's is_member_check_in_or_out switch (docs/decisions/031): off, no member is checked in
 * or out by any call (staff, kiosk, bulk, check-out, the eligibility question), and the board's buttons
 * and the sidebar's 'Check Users In/Out' go with it; on again, everything works as before.
 */
describe("is_member_check_in_or_out governs the check-in calls and the screens alike", () => {
  let app: InProcessApp;
  let coach: HttpClient;
  let admin: HttpClient;
  let kiosk: HttpClient;
  let members: Member[];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  const streamLength = async (m: Member) => (await app.app.core.store.readStream(checkInStream(m.id))).events.length;
  const post = (client: HttpClient, body: Record<string, unknown>) => client.request("POST", "/api/check-in", { body: { ...day, ...body } });

  /** sets the switch through PUT /api/setting/organization and waits until a signed-in request sees it */
  async function setSwitch(on: boolean) {
    const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown>;
    // the demo organization's address is left blank, and a settings form is saved whole
    const body = { ...current, address: { ...(current.address as object), ...ADDRESS }, is_member_check_in_or_out: on };
    const response = await admin.request("PUT", "/api/setting/organization", { body });
    expect(response.status, await response.clone().text()).toBe(200);
    await eventually(
      async () => (await (await coach.request("GET", "/api/setting/organization")).json()) as { is_member_check_in_or_out: boolean },
      (s) => s.is_member_check_in_or_out === on,
    );
  }
  /** the page loader's and the root loader's data, as the browser gets them */
  const checkInViewer = async (client: HttpClient) =>
    ((await (await client.request("GET", "/check-in?_data=routes%2Fcheck-in")).json()) as { viewer: { canCheckInOut: boolean } }).viewer;
  const sidebarButton = async (client: HttpClient) =>
    ((await (await client.request("GET", "/check-in?_data=root")).json()) as { shell: { sidebar: { checkInOutButton: unknown } } }).shell.sidebar.checkInOutButton;

  beforeAll(async () => {
    app = await startInProcessApp("checkinswitch");
    await clearSignInLimits((await testServices()).redisUrl);
    [coach, admin, kiosk] = [new HttpClient(app.baseUrl), new HttpClient(app.baseUrl), new HttpClient(app.baseUrl)];
    await coach.signIn("coach@northside.demo");
    await admin.signIn("admin@northside.demo");
    await kiosk.signIn("kiosk@northside.demo");
    const report = (await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data.filter((m) => m.is_waiver_signed && m.pick_up_permission === INDEPENDENT && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id));
    expect(members.length).toBeGreaterThan(5);
  }, 120_000);
  afterAll(() => app?.stop());

  it("off: every way in and out answers 403 MEMBER_CHECK_IN_OFF and appends nothing; the screens hide the actions", async () => {
    const [inside, outside, bulkOne] = members;
    // one member in while the switch is on, to try the check-outs on
    const visit = (await (await post(coach, { memberId: inside!.member_id, type: "in" })).json()) as { data: { id: string } };
    expect(visit.data.id).toBeTruthy();
    expect((await checkInViewer(coach)).canCheckInOut).toBe(true);
    expect(await sidebarButton(coach)).not.toBeNull();

    await setSwitch(false);
    const refusals = [
      await post(coach, { memberId: outside!.member_id, type: "in" }),
      await post(coach, { memberId: inside!.member_id, type: "out" }),
      await post(kiosk, { memberId: outside!.member_id, type: "in" }),
      await coach.request("PUT", `/api/check-in/${visit.data.id}`, { body: {} }),
      await coach.request("POST", "/api/check-in/bulk", { body: { type: "in", data: [{ participant_id: bulkOne!.id, ...day }] } }),
      await coach.request("POST", "/api/check-in/participant", { body: { memberId: outside!.member_id, type: "in", ...day } }),
    ];
    for (const response of refusals) {
      expect(response.status, response.url).toBe(403);
      expect(await response.json()).toEqual(OFF);
    }
    expect([await streamLength(inside!), await streamLength(outside!), await streamLength(bulkOne!)]).toEqual([1, 0, 0]);
    // bad input is still a 400 first
    expect((await post(coach, { type: "in" })).status).toBe(400);
    // the board still shows who is in (viewing is not checking in or out)
    expect((await coach.request("GET", `/api/check-in?type=notYetCheckout&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`)).status).toBe(200);
    // the page and the sidebar apply the same rule
    expect((await checkInViewer(coach)).canCheckInOut).toBe(false);
    expect((await checkInViewer(kiosk)).canCheckInOut).toBe(false);
    expect(await sidebarButton(coach)).toBeNull();
  });

  it("on again: staff, the kiosk and bulk check members in and out as before", async () => {
    await setSwitch(true);
    const [inside, outside, bulkOne] = members;
    expect((await post(coach, { memberId: inside!.member_id, type: "out" })).status).toBe(200);
    expect((await post(kiosk, { memberId: outside!.member_id, type: "in" })).status).toBe(200);
    const bulk = await coach.request("POST", "/api/check-in/bulk", { body: { type: "in", data: [{ participant_id: bulkOne!.id, ...day }] } });
    expect(await bulk.json()).toMatchObject({ message: "1 of 1 checked in" });
    expect([await streamLength(inside!), await streamLength(outside!), await streamLength(bulkOne!)]).toEqual([2, 1, 1]);
    expect((await checkInViewer(coach)).canCheckInOut).toBe(true);
    expect(await sidebarButton(coach)).not.toBeNull();
  });
});
