import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { scopesOf, tableauProblems, tableauToken, TABLEAU_TOKEN_SECONDS, type TableauSettings } from "./tableau";

const settings: TableauSettings = {
  is_enabled: true,
  nav: [{ title: "Attendance", tableau_link: "https://tableau.example.org/views/A/B" }],
  client_id: "client-1",
  user_email: "analyst@example.org",
  audience: "tableau",
  scope: "tableau:views:embed",
  algorithm: "HS256",
  secret_id: "secret-id-1",
  secret_value: "0123456789abcdef0123456789abcdef",
};

describe("the Tableau connected-app token (issue 21)", () => {
  it("is HS256 with kid = secret id and iss = client id in its header, and the claims Tableau reads", async () => {
    const now = new Date();
    const token = await tableauToken(settings, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT", kid: "secret-id-1", iss: "client-1" });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(settings.secret_value), { algorithms: ["HS256"], currentDate: now });
    expect(payload).toMatchObject({ iss: "client-1", sub: "analyst@example.org", aud: "tableau", scp: ["tableau:views:embed"] });
    expect(payload.exp! - payload.iat!).toBe(TABLEAU_TOKEN_SECONDS);
    expect(TABLEAU_TOKEN_SECONDS).toBeLessThanOrEqual(300);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((await jwtVerify(await tableauToken(settings, now), new TextEncoder().encode(settings.secret_value))).payload.jti).not.toBe(payload.jti);
    // another secret does not verify it
    await expect(jwtVerify(token, new TextEncoder().encode("another-secret-another-secret-xx"))).rejects.toThrow();
  });

  it("splits scopes on spaces or commas, each once", () => {
    expect(scopesOf("tableau:views:embed, tableau:metrics:embed tableau:views:embed")).toEqual(["tableau:views:embed", "tableau:metrics:embed"]);
  });

  it("names each misconfiguration for an admin", () => {
    expect(tableauProblems(settings, "https://tableau.example.org/views/A/B")).toEqual([]);
    const problems = tableauProblems({ ...settings, secret_value: "", client_id: " ", algorithm: "RS256" }, "http://tableau.example.org/x");
    expect(problems).toEqual([
      "These report settings are empty: client_id, secret_value.",
      "The algorithm is RS256; Tableau connected apps sign with HS256.",
      "The dashboard link must start with https://.",
    ]);
  });
});
