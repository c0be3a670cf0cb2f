import { describe, expect, it } from "vitest";
import { assetUrl, uploadFile, uploadZip, UploadError, UPLOAD_ERRORS } from "./upload-file";

type Call = { url: string; init?: RequestInit };
/** a fake fetch answering by "METHOD path-prefix" */
function fakeFetch(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const method = init?.method ?? "GET";
    const key = Object.keys(answers).find((k) => `${method} ${url}`.startsWith(k));
    if (!key) throw new TypeError("Failed to fetch");
    return answers[key]!();
  }) as typeof fetch;
  return { fetcher, calls };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const photo = Object.assign(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), { name: "kid photo.png" });
const LINK = { file_path: "files/u1/kid_photo.png", url: "/api/asset/put/abc.def" };

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
};

describe("uploadFile: the three steps", () => {
  it("gets a link, PUTs the bytes without cookies, registers the path with the CSRF token", async () => {
    const { fetcher, calls } = fakeFetch({
      "GET /api/asset/upload/": () => json(LINK),
      "PUT /api/asset/put/": () => json({ file_path: LINK.file_path }),
      "GET /api/auth/csrf": () => json({ csrf: "tok" }),
      "PUT /api/asset": () => json({ data: { url: "/api/asset/file/t/kid_photo.png" } }),
    });
    const result = await uploadFile(photo, { register: { entity: "participant", entityId: "p1", property: "photo_url" }, subPath: "participants", fetch: fetcher });
    expect(result).toEqual({ filePath: LINK.file_path, url: "/api/asset/file/t/kid_photo.png" });
    expect(calls[0]!.url).toBe("/api/asset/upload/kid%20photo.png?file_type=image%2Fpng&file_sub_path=participants");
    expect(calls[1]).toMatchObject({ url: LINK.url, init: { method: "PUT", body: photo, credentials: "omit" } });
    const register = calls.find((c) => c.url === "/api/asset")!;
    expect(JSON.parse(String(register.init!.body))).toEqual({ entity: "participant", entity_id: "p1", property: "photo_url", value: LINK.file_path });
    expect((register.init!.headers as Record<string, string>)["x-csrf-token"]).toBe("tok");
  });

  it("throws 'Unable to get upload link.' when no file path comes back", async () => {
    const { fetcher } = fakeFetch({ "GET /api/asset/upload/": () => json({ url: "/x" }) });
    expect((await failure(uploadFile(photo, { fetch: fetcher }))).message).toBe(UPLOAD_ERRORS.link);
  });

  it("throws the server's message for a refused link, or 'An unknown error occurred'", async () => {
    const refused = fakeFetch({ "GET /api/asset/upload/": () => json({ code: "FILE_TYPE_NOT_ALLOWED", message: "Unable to get upload link. Only images." }, 400) });
    expect((await failure(uploadFile(photo, { fetch: refused.fetcher }))).message).toBe("Unable to get upload link. Only images.");
    const offline = fakeFetch({});
    expect((await failure(uploadFile(photo, { fetch: offline.fetcher }))).message).toBe("An unknown error occurred");
  });

  it("throws 'Unable to upload file.' when the transfer fails, with the server's reason as detail", async () => {
    const { fetcher } = fakeFetch({
      "GET /api/asset/upload/": () => json(LINK),
      "PUT /api/asset/put/": () => json({ code: "NOT_AN_IMAGE", message: "Unable to upload file. The file is not a PNG, JPEG, GIF or WebP image." }, 400),
    });
    const error = await failure(uploadFile(photo, { fetch: fetcher }));
    expect(error).toMatchObject({ message: "Unable to upload file.", step: "transfer", status: 400, detail: "Unable to upload file. The file is not a PNG, JPEG, GIF or WebP image." });
  });

  it("without a target, stops after the transfer", async () => {
    const { fetcher, calls } = fakeFetch({ "GET /api/asset/upload/": () => json(LINK), "PUT /api/asset/put/": () => json({}) });
    expect(await uploadFile(photo, { fetch: fetcher })).toEqual({ filePath: LINK.file_path, url: null });
    expect(calls).toHaveLength(2);
  });
});

describe("uploadZip and assetUrl", () => {
  it("a refused zip throws 'Error during file upload.' with the reason as detail", async () => {
    const { fetcher } = fakeFetch({ "GET /api/auth/csrf": () => json({ csrf: "t" }), "POST /api/file/upload/zip": () => json({ code: "ZIP_REFUSED", message: "Error during file upload. The zip has a symbolic link: 'x'." }, 400) });
    const error = await failure(uploadZip(new Blob(["PK"]), "course", fetcher));
    expect(error).toMatchObject({ message: "Error during file upload.", detail: "Error during file upload. The zip has a symbolic link: 'x'." });
  });

  it("an accepted zip gives its value", async () => {
    const { fetcher } = fakeFetch({ "GET /api/auth/csrf": () => json({ csrf: "t" }), "POST /api/file/upload/zip": () => json({ file_path: "packages/u/content/index.html", upload_id: "u" }) });
    expect(await uploadZip(new Blob(["PK"]), "course", fetcher)).toEqual({ filePath: "packages/u/content/index.html", uploadId: "u" });
  });

  it("assetUrl gives the url, or '' on any failure", async () => {
    expect(await assetUrl("files/u/a.png", fakeFetch({ "GET /api/asset/files%2Fu%2Fa.png": () => json({ url: "/api/asset/file/t/a.png" }) }).fetcher)).toBe("/api/asset/file/t/a.png");
    expect(await assetUrl("files/u/a.png", fakeFetch({ "GET /api/asset/": () => json({ code: "ASSET_NOT_FOUND" }, 404) }).fetcher)).toBe("");
    expect(await assetUrl("files/u/a.png", fakeFetch({}).fetcher)).toBe("");
    expect(await assetUrl("")).toBe("");
  });
});
