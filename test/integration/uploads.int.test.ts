import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signLink } from "../../modules/uploads";
import { demoOrganizations } from "../factories/demo-seed";
import { demoWeeklyProgramId } from "../factories/program-builder";
import { craftZip, TINY_PNG } from "../support/craft-zip";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Link = { file_path: string; url: string; expires_at: string; max_bytes: number };
type ErrorBody = { code: string; message: string };

/** every file under a directory, relative, sorted (part files included: nothing may be left behind) */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const form = (parts: Record<string, string | { bytes: Buffer | string; name: string; type?: string }>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, new Blob([typeof value.bytes === "string" ? value.bytes : new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.name);
  }
  return data;
};

describe("uploads over HTTP on real PostgreSQL, Redis and disk", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let maple: HttpClient;
  let participant: HttpClient;
  let storageDir: string;
  let participantId: string;

  const link = (client: HttpClient, name: string, query: string) => client.request("GET", `/api/asset/upload/${encodeURIComponent(name)}?${query}`);
  /** PUT to a signed link as a stranger would: no cookies, no CSRF token */
  const put = (url: string, body: Buffer | string) => fetch(`${app.baseUrl}${url}`, { method: "PUT", body: typeof body === "string" ? body : new Uint8Array(body) });
  const assetUrl = (client: HttpClient, value: string) => client.request("GET", `/api/asset/${encodeURIComponent(value)}`);

  beforeAll(async () => {
    app = await startInProcessApp("uploads");
    storageDir = app.app.core.env.STORAGE_DIR;
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    maple = new HttpClient(app.baseUrl);
    await maple.signIn("admin@maple.demo");
    participant = new HttpClient(app.baseUrl);
    await participant.signIn("participant@northside.demo");
    const report = await admin.request("GET", "/api/participant_report?page=0&size=10&statuses=Active");
    const listed = (await report.json()) as { data?: { id: string }[] };
    if (!listed.data?.[0]) throw new Error(`no participants listed: ${report.status} ${JSON.stringify(listed)}`);
    participantId = listed.data[0].id;
  }, 120_000);
  afterAll(() => app?.stop());

  it("the three steps: a signed link, the bytes PUT to it, the path registered; the file served to its organization only", async () => {
    const response = await link(admin, "kid photo.png", "file_type=image/png&file_sub_path=participants");
    expect(response.status, await response.clone().text()).toBe(200);
    const created = (await response.json()) as Link;
    expect(created.file_path).toMatch(/^participants\/[0-9a-f-]{36}\/kid_photo\.png$/);
    expect(created.url).toMatch(/^\/api\/asset\/put\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const uploaded = await put(created.url, TINY_PNG);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await uploaded.json()).toMatchObject({ file_path: created.file_path, content_type: "image/png", bytes: TINY_PNG.length });
    // a link serves one upload
    const again = await put(created.url, TINY_PNG);
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).code).toBe("UPLOAD_LINK_USED");

    const registered = await admin.request("PUT", "/api/asset", {
      body: { entity: "participant", entity_id: participantId, property: "photo_url", value: created.file_path },
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    expect(await registered.json()).toMatchObject({ data: { entity: "participant", property: "photo_url", value: created.file_path } });
    // as form fields too (the spec's form), and a resend of the same value changes nothing
    const asForm = await admin.request("PUT", "/api/asset", {
      body: new URLSearchParams({ entity: "participant", entity_id: participantId, property: "photo_url", value: created.file_path }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(asForm.status).toBe(200);

    const got = await assetUrl(admin, created.file_path);
    expect(got.status).toBe(200);
    const { url } = (await got.json()) as { url: string };
    expect(url).toMatch(/^\/api\/asset\/file\/[^/]+\/kid_photo\.png$/);
    const file = await admin.request("GET", url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toBe('inline; filename="kid_photo.png"');
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    // the participant's photo_url follows (the assets read model, a few milliseconds behind), as a signed url serving the image
    type Detail = { photo_url: string | null };
    let detail: Detail = { photo_url: null };
    for (const deadline = Date.now() + 5_000; !detail.photo_url && Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
      detail = (await (await admin.request("GET", `/api/participant/${participantId}`)).json()) as Detail;
    }
    expect(detail.photo_url).toMatch(/^\/api\/asset\/file\/[^/]+\/kid_photo\.png$/);
    const avatar = await admin.request("GET", detail.photo_url!);
    expect(avatar.headers.get("content-type")).toBe("image/png");

    // another organization: not found, by the value, by the signed url, and when registering it
    expect((await assetUrl(maple, created.file_path)).status).toBe(404);
    const stolen = await maple.request("GET", url);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ code: "ASSET_NOT_FOUND", message: "File not found" });
    const mapleParticipants = (await (await maple.request("GET", "/api/participant_report?page=0&size=10&statuses=Active")).json()) as { data: { id: string }[] };
    const foreign = await maple.request("PUT", "/api/asset", {
      body: { entity: "participant", entity_id: mapleParticipants.data[0]!.id, property: "photo_url", value: created.file_path },
    });
    expect(foreign.status).toBe(404);
    // and a northside path against a maple participant is not found either
    const crossed = await admin.request("PUT", "/api/asset", {
      body: { entity: "participant", entity_id: mapleParticipants.data[0]!.id, property: "photo_url", value: created.file_path },
    });
    expect(crossed.status).toBe(404);
    expect(((await crossed.json()) as ErrorBody).code).toBe("ENTITY_NOT_FOUND");
  });

  it("registers a program's photo (decision 058) for a program of the organization; another organization's program is 404", async () => {
    const northside = demoWeeklyProgramId(demoOrganizations[1].id, "girls-basketball");
    const maples = demoWeeklyProgramId(demoOrganizations[0].id, "girls-basketball");
    const created = (await (await link(admin, "court.png", "file_type=image/png&file_sub_path=programs")).json()) as Link;
    expect((await put(created.url, TINY_PNG)).status).toBe(200);
    const register = (programId: string) => admin.request("PUT", "/api/asset", { body: { entity: "program", entity_id: programId, property: "photo_url", value: created.file_path } });
    const ok = await register(northside);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const foreign = await register(maples);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorBody).code).toBe("ENTITY_NOT_FOUND");
    expect((await register("no-such-program")).status).toBe(404);
  });

  it("refuses a tampered link and an expired one, and stores nothing", async () => {
    const created = (await (await link(admin, "a.png", "file_type=image")).json()) as Link;
    const token = created.url.slice("/api/asset/put/".length);
    const [body, signature] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { o: string; k: string };

    // the payload changed (another path) with the old signature
    const forged = Buffer.from(JSON.stringify({ ...claims, k: "files/x/evil.png" })).toString("base64url");
    const tampered = await put(`/api/asset/put/${forged}.${signature}`, TINY_PNG);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ code: "UPLOAD_LINK_INVALID", message: "Unable to upload file. The upload link is not valid." });
    const flipped = await put(`/api/asset/put/${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`, TINY_PNG);
    expect(((await flipped.json()) as ErrorBody).code).toBe("UPLOAD_LINK_INVALID");

    // a link signed with the server's key whose time is up
    const redis = new Redis((await testServices()).redisUrl);
    const secret = Buffer.from((await redis.get("rollcall:uploads:link-secret"))!, "hex");
    redis.disconnect();
    const expired = signLink(secret, { purpose: "put", organizationId: claims.o, path: claims.k, kind: "image", expires: Date.now() - 1000 });
    const late = await put(`/api/asset/put/${expired}`, TINY_PNG);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ code: "UPLOAD_LINK_EXPIRED", message: "Unable to upload file. The upload link has expired. Ask for a new one." });
    // a file url is not an upload link
    const getToken = signLink(secret, { purpose: "get", organizationId: claims.o, path: claims.k, expires: Date.now() + 60_000 });
    expect(((await (await put(`/api/asset/put/${getToken}`, TINY_PNG)).json()) as ErrorBody).code).toBe("UPLOAD_LINK_INVALID");

    expect((await assetUrl(admin, created.file_path)).status).toBe(404);
    expect((await filesUnder(storageDir)).filter((f) => f.includes(claims.k.split("/")[1]!))).toEqual([]);
  });

  it("judges a file by its bytes: HTML named .png is refused, too large is refused, a bad link request is refused", async () => {
    const created = (await (await link(admin, "innocent.png", "file_type=image/png")).json()) as Link;
    const html = await put(created.url, "<html><script>alert(document.cookie)</script></html>");
    expect(html.status).toBe(400);
    expect(await html.json()).toEqual({ code: "NOT_AN_IMAGE", message: "Unable to upload file. The file is not a PNG, JPEG, GIF or WebP image." });
    expect((await assetUrl(admin, created.file_path)).status).toBe(404);

    const big = (await (await link(admin, "big.png", "file_type=image/png")).json()) as Link;
    const tooLarge = await put(big.url, Buffer.concat([TINY_PNG, Buffer.alloc(big.max_bytes)]));
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as ErrorBody).code).toBe("FILE_TOO_LARGE");

    // a chunked body without a length is cut off while streaming
    const big2 = (await (await link(admin, "big2.png", "file_type=image/png")).json()) as Link;
    const chunks = (async function* () {
      yield TINY_PNG;
      for (let i = 0; i < 12; i++) yield Buffer.alloc(1024 * 1024);
    })();
    const streamed = await fetch(`${app.baseUrl}${big2.url}`, { method: "PUT", body: ReadableStreamFrom(chunks), duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(400);
    expect(((await streamed.json()) as ErrorBody).code).toBe("FILE_TOO_LARGE");
    expect((await assetUrl(admin, big2.file_path)).status).toBe(404);

    const html2 = await link(admin, "page.html", "file_type=text/html");
    expect(html2.status).toBe(400);
    expect(await html2.json()).toEqual({ code: "FILE_TYPE_NOT_ALLOWED", message: "Unable to get upload link. Only PNG, JPEG, GIF and WebP images and PDF files can be uploaded." });
    expect((await link(admin, "a.png", "")).status).toBe(400);
    expect((await link(admin, "a.png", "file_type=image&file_sub_path=../../etc")).status).toBe(400);
    expect((await link(admin, "a.png", "file_type=image&file_sub_path=packages")).status).toBe(400);

    // bad registrations: 400 for bad fields, 403 for a member registering against someone else
    const bad = await admin.request("PUT", "/api/asset", { body: { entity: "bank", entity_id: "1", property: "photo_url", value: "x/y" } });
    expect(bad.status).toBe(400);
    expect(await participant.request("PUT", "/api/asset", { body: { entity: "participant", entity_id: participantId, property: "photo_url", value: "x/y" } }).then((r) => r.status)).toBe(403);
    expect((await admin.request("PUT", "/api/asset", { body: "{not json" })).status).toBe(400);
  });

  it("POST /api/file/upload stores an image or a PDF by its bytes and refuses the rest", async () => {
    const ok = await participant.request("POST", "/api/file/upload", { body: form({ file: { bytes: TINY_PNG, name: "me.png", type: "image/png" } }) });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const stored = (await ok.json()) as { file_path: string; url: string; content_type: string };
    expect(stored).toMatchObject({ file_path: expect.stringMatching(/^files\/[0-9a-f-]{36}\/me\.png$/), content_type: "image/png" });
    const served = await participant.request("GET", stored.url);
    expect(served.headers.get("content-type")).toBe("image/png");

    const pdf = await admin.request("POST", "/api/file/upload", { body: form({ file: { bytes: "%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n", name: "plan.pdf" } }) });
    const pdfBody = (await pdf.json()) as { url: string };
    const pdfFile = await admin.request("GET", pdfBody.url);
    expect(pdfFile.headers.get("content-type")).toBe("application/pdf");
    expect(pdfFile.headers.get("x-content-type-options")).toBe("nosniff");

    const html = await admin.request("POST", "/api/file/upload", { body: form({ file: { bytes: "<script>alert(1)</script>", name: "photo.png", type: "image/png" } }) });
    expect(html.status).toBe(400);
    expect(await html.json()).toEqual({ code: "FILE_TYPE_NOT_ALLOWED", message: "Error during file upload. Only PNG, JPEG, GIF and WebP images and PDF files can be uploaded." });
    // too large: cut off while streaming, answered with a 400 (the rest of the body is read and dropped)
    const big = await admin.request("POST", "/api/file/upload", { body: form({ file: { bytes: Buffer.concat([TINY_PNG, Buffer.alloc(11 * 1024 * 1024)]), name: "big.png" } }) });
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({ code: "FILE_TOO_LARGE", message: "Error during file upload. The file is larger than 10 MB." });
    const none = await admin.request("POST", "/api/file/upload", { body: form({ other: "x" }) });
    expect(await none.json()).toMatchObject({ code: "FILE_REQUIRED", message: "Error during file upload. Choose a file to upload." });
    const json = await admin.request("POST", "/api/file/upload", { body: { file: "x" } });
    expect(json.status).toBe(400);
    const broken = await admin.request("POST", "/api/file/upload", { body: "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG", headers: { "content-type": "multipart/form-data; boundary=x" } });
    expect(broken.status).toBe(400);
  });

  it("a zip package is unpacked by the worker; its value content/index.html is served with its relative files", async () => {
    const zip = craftZip([
      { name: "index.html", data: '<html><link rel="stylesheet" href="css/site.css"><img src="img/logo.png"></html>' },
      { name: "css/site.css", data: "body { color: #95358F }" },
      { name: "img/logo.png", data: TINY_PNG, method: 0 },
      { name: "__MACOSX/._index.html", data: "junk" },
    ]);
    const response = await admin.request("POST", "/api/file/upload/zip", { body: form({ file: { bytes: zip, name: "course.zip", type: "application/zip" }, file_type: "course" }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const accepted = (await response.json()) as { file_path: string; upload_id: string; status: string };
    expect(accepted).toMatchObject({ status: "Processing", file_path: `packages/${accepted.upload_id}/content/index.html` });

    let got = await assetUrl(admin, accepted.file_path);
    for (const deadline = Date.now() + 15_000; got.status === 409 && Date.now() < deadline; got = await assetUrl(admin, accepted.file_path)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got.status, await got.clone().text()).toBe(200);
    const { url } = (await got.json()) as { url: string };
    const page = await admin.request("GET", url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toMatch(/^sandbox /);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await page.text()).toContain("css/site.css");
    const css = await fetch(new URL("css/site.css", `${app.baseUrl}${url}`));
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const logo = await fetch(new URL("img/logo.png", `${app.baseUrl}${url}`));
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect((await maple.request("GET", url)).status).toBe(404);

    const files = (await filesUnder(storageDir)).filter((f) => f.includes(accepted.upload_id));
    expect(files.map((f) => f.replace(/^uploads\/[^/]+\//, ""))).toEqual(
      ["css/site.css", "img/logo.png", "index.html"].map((f) => `packages/${accepted.upload_id}/content/${f}`),
    );
  });

  it("a bomb that lies about its size passes the directory check, and the worker stops it counting bytes: PackageFailed, nothing left", async () => {
    const before = await filesUnder(storageDir);
    // declares 2 000 bytes and holds 3 MB of zeros (compressed about 3 KB: a believable ratio)
    const zip = craftZip([
      { name: "a.css", data: "body{}" },
      { name: "liar.bin", data: Buffer.alloc(3 * 1024 * 1024), declaredSize: 2000 },
      { name: "index.html", data: "<html></html>" },
    ]);
    const response = await admin.request("POST", "/api/file/upload/zip", { body: form({ file: { bytes: zip, name: "liar.zip" }, file_type: "course" }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const accepted = (await response.json()) as { file_path: string };
    let got = await assetUrl(admin, accepted.file_path);
    for (const deadline = Date.now() + 15_000; got.status === 409 && Date.now() < deadline; got = await assetUrl(admin, accepted.file_path)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got.status).toBe(400);
    expect(await got.json()).toEqual({ code: "PACKAGE_FAILED", message: "Error during file upload. The file 'liar.bin' holds more bytes than the zip declares." });
    expect(await filesUnder(storageDir)).toEqual(before);
  });

  it("refuses bad zips before unpacking anything, and writes nothing outside (or inside) its folder", async () => {
    const before = await filesUnder(storageDir);
    const index = { name: "index.html", data: "<html></html>" };
    const cases: [string, Buffer, RegExp][] = [
      ["../ entry", craftZip([index, { name: "../../../evil.html", data: "pwned" }]), /leaves its folder/],
      ["absolute path", craftZip([index, { name: "/tmp/evil.html", data: "pwned" }]), /absolute path/],
      ["symbolic link", craftZip([index, { name: "evil-link", data: "/etc/passwd", unixMode: 0o120777 }]), /symbolic link/],
      ["too many files", craftZip([index, ...Array.from({ length: 500 }, (_, i) => ({ name: `f${i}.txt`, data: "x", method: 0 as const }))]), /501 entries; at most 500/],
      ["a bomb of high ratio", craftZip([index, { name: "bomb.bin", data: Buffer.alloc(20 * 1024 * 1024) }]), /compressed too much/],
      ["a bomb declaring a huge size", craftZip([index, { name: "bomb.bin", data: "small", declaredSize: 4_000_000_000 }]), /too large when unpacked/],
      ["no index.html", craftZip([{ name: "site/index.html", data: "x" }]), /index\.html at its top level/],
      ["not a zip", Buffer.from("<html>just html named .zip</html>"), /not a zip/],
    ];
    for (const [label, bytes, reason] of cases) {
      const response = await admin.request("POST", "/api/file/upload/zip", { body: form({ file: { bytes, name: "course.zip" }, file_type: "course" }) });
      expect(response.status, label).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.message, label).toMatch(/^Error during file upload\. /);
      expect(body.message, label).toMatch(reason);
    }
    const missingType = await admin.request("POST", "/api/file/upload/zip", { body: form({ file: { bytes: craftZip([index]), name: "c.zip" } }) });
    expect(((await missingType.json()) as ErrorBody).code).toBe("FILE_TYPE_REQUIRED");
    // members may not upload packages
    expect((await participant.request("POST", "/api/file/upload/zip", { body: form({ file: { bytes: craftZip([index]), name: "c.zip" }, file_type: "x" }) })).status).toBe(403);

    expect(await filesUnder(storageDir)).toEqual(before);
    for (const dir of [storageDir, path.dirname(storageDir), path.join(storageDir, "uploads"), "/tmp"]) {
      expect(existsSync(path.join(dir, "evil.html")), dir).toBe(false);
      expect(existsSync(path.join(dir, "evil-link")), dir).toBe(false);
    }
  }, 60_000);
});

function ReadableStreamFrom(source: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
  });
}
