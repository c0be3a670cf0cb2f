import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { DEMO_FLAGGED_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { solidPng, TINY_PNG } from "../support/craft-zip";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { eventually } from "../support/eventually";

type Member = { id: string; member_id: string; first_name: string; last_name: string; full_name: string; is_waiver_signed: boolean; photo_url: string | null };
type BoardRow = { id: string; participant_id: string; member_id: string; check_out_time: string | null; photo_url: string | null };
type ErrorBody = { code: string; message: string };

const northside = demoOrganizations[1]!;
const PHOTO_URL = (id: string) => new RegExp(`^/api/participant/${id}/photo\\?v=[0-9a-z]+$`);

describe("participant photos in the lists, over HTTP on real PostgreSQL", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let coach: HttpClient;
  let kiosk: HttpClient;
  let participantUser: HttpClient;
  let mapleAdmin: HttpClient;
  let anonymous: HttpClient;
  let socket: Socket;
  const live: BoardRow[] = [];
  let withPhoto: Member;
  let withoutPhoto: Member;
  /** each member's visit of today, by participant id */
  const visits = new Map<string, string>();
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };

  const report = async (client: HttpClient, search: string) => {
    const response = await client.request("GET", `/api/participant_report?page=0&size=10&search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Member[] }).data;
  };
  const board = async () => {
    const response = await coach.request("GET", `/api/check-in?type=notYetCheckout&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: BoardRow[] }).data;
  };
  /** the three-step upload, then the path registered as the participant's photo_url */
  async function registerPhoto(participantId: string, bytes: Buffer) {
    const link = (await (await admin.request("GET", "/api/asset/upload/photo.png?file_type=image/png&file_sub_path=participants")).json()) as { file_path: string; url: string };
    const put = await fetch(`${app.baseUrl}${link.url}`, { method: "PUT", body: new Uint8Array(bytes) });
    expect(put.status, await put.clone().text()).toBe(200);
    const registered = await admin.request("PUT", "/api/asset", { body: { entity: "participant", entity_id: participantId, property: "photo_url", value: link.file_path } });
    expect(registered.status, await registered.clone().text()).toBe(200);
  }

  beforeAll(async () => {
    app = await startInProcessApp("photos");
    await clearSignInLimits((await testServices()).redisUrl);
    const signedIn = async (username: string) => {
      const client = new HttpClient(app.baseUrl);
      await client.signIn(username);
      return client;
    };
    admin = await signedIn("admin@northside.demo");
    coach = await signedIn("coach@northside.demo");
    kiosk = await signedIn("kiosk@northside.demo");
    participantUser = await signedIn("participant@northside.demo");
    mapleAdmin = await signedIn("admin@maple.demo");
    anonymous = new HttpClient(app.baseUrl);
    const members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
    const ready = members.filter((m) => m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id));
    [withPhoto, withoutPhoto] = [ready[0]!, ready[1]!];
    // the board's live channel, as the check-in page follows it
    socket = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` } });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    socket.on("check-in:changed", (row: BoardRow) => live.push(row));
    expect(await socket.emitWithAck("subscribe", { organizationId: northside.id, topic: "check-in" })).toMatchObject({ ok: true });
  }, 120_000);
  afterAll(async () => {
    socket?.disconnect();
    await app?.stop();
  });

  it("lists a participant with a registered photo with its photo url, and one without with null", async () => {
    expect((await report(admin, withPhoto.member_id))[0]!.photo_url).toBeNull();
    await registerPhoto(withPhoto.id, TINY_PNG);
    const [listed] = await eventually(
      () => report(admin, withPhoto.member_id),
      (rows) => Boolean(rows[0]?.photo_url),
    );
    expect(listed!.photo_url).toMatch(PHOTO_URL(withPhoto.id));
    expect((await report(admin, withoutPhoto.member_id))[0]!.photo_url).toBeNull();
    // the Member ID lookup (the kiosk's scan) answers the same url
    const scanned = async (memberId: string) => ((await (await admin.request("POST", "/api/participant/member", { body: { member_id: memberId } })).json()) as { data?: Member } & Member);
    const lookedUp = await scanned(withPhoto.member_id);
    expect((lookedUp.data ?? lookedUp).photo_url).toBe(listed!.photo_url);
    const noPhoto = await scanned(withoutPhoto.member_id);
    expect((noPhoto.data ?? noPhoto).photo_url).toBeNull();
    // the /participants page's rows carry the same url
    const page = await admin.request("GET", `/participants?search=${withPhoto.member_id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(listed!.photo_url!);
  });

  it("puts the photo url on the board's rows and on the live row the projection publishes", async () => {
    const { photo_url: expected } = (await report(admin, withPhoto.member_id))[0]!;
    for (const m of [withPhoto, withoutPhoto]) {
      const response = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "in" } });
      expect(response.status, await response.clone().text()).toBe(200);
      visits.set(m.id, ((await response.json()) as { data: { id: string } }).data.id);
    }
    const rows = await eventually(board, (b) => [...visits.values()].every((id) => b.some((r) => r.id === id)));
    expect(rows.find((r) => r.id === visits.get(withPhoto.id))!.photo_url).toBe(expected);
    expect(rows.find((r) => r.id === visits.get(withoutPhoto.id))!.photo_url).toBeNull();
    // by visit id: another app on the same Redis may publish to the same (demo) organization's room
    await eventually(
      async () => live,
      (got) => [...visits.values()].every((id) => got.some((r) => r.id === id)),
    );
    expect(live.find((r) => r.id === visits.get(withPhoto.id))!.photo_url).toBe(expected);
    expect(live.find((r) => r.id === visits.get(withoutPhoto.id))!.photo_url).toBeNull();
  });

  it("serves the photo's bytes to the organization's staff and kiosk, by the session", async () => {
    const { photo_url } = (await report(admin, withPhoto.member_id))[0]!;
    for (const client of [admin, coach, kiosk]) {
      const response = await client.request("GET", photo_url!);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private, max-age=300");
      expect(Buffer.from(await response.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    }
  });

  it("answers 404 to another organization's admin and for a participant without a photo, 401 without a session, 403 to a participant", async () => {
    const path = `/api/participant/${withPhoto.id}/photo`;
    const foreign = await mapleAdmin.request("GET", path);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()) as ErrorBody).toEqual({ code: "PARTICIPANT_NOT_FOUND", message: "Participant not found" });
    const none = await admin.request("GET", `/api/participant/${withoutPhoto.id}/photo`);
    expect(none.status).toBe(404);
    expect((await none.json()) as ErrorBody).toEqual({ code: "PHOTO_NOT_FOUND", message: "This participant has no photo" });
    const bad = await admin.request("GET", "/api/participant/not-an-id/photo");
    expect(bad.status).toBe(404);
    const signedOut = await anonymous.request("GET", path);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as ErrorBody).code).toBe("UNAUTHORIZED");
    expect((await participantUser.request("GET", path)).status).toBe(403);
  });

  it("a new photo is a new url: in the list, on the board, and republished live to the open board", async () => {
    const { photo_url: before } = (await report(admin, withPhoto.member_id))[0]!;
    const heard = live.length;
    const second = solidPng(2, 2, [20, 120, 60]);
    await registerPhoto(withPhoto.id, second);
    const [listed] = await eventually(
      () => report(admin, withPhoto.member_id),
      (rows) => rows[0]?.photo_url !== before,
    );
    expect(listed!.photo_url).toMatch(PHOTO_URL(withPhoto.id));
    expect(listed!.photo_url).not.toBe(before);
    expect((await board()).find((r) => r.id === visits.get(withPhoto.id))!.photo_url).toBe(listed!.photo_url);
    const republished = await eventually(
      async () => live.slice(heard).find((r) => r.id === visits.get(withPhoto.id)),
      Boolean,
    );
    expect(republished?.photo_url).toBe(listed!.photo_url);
    const served = await admin.request("GET", listed!.photo_url!);
    expect(Buffer.from(await served.arrayBuffer()).equals(second)).toBe(true);
  });
});
