import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { reportPages, type Auth } from "../identity";
import { DomainError } from "../kernel";

/** A connected-app token lives at most this long (issue 21: 5 minutes; Tableau accepts up to 10). */
export const TABLEAU_TOKEN_SECONDS = 5 * 60;

export type TableauSettings = {
  is_enabled: boolean;
  nav: readonly { title: string; tableau_link: string }[];
  client_id: string;
  user_email: string;
  audience: string;
  scope: string;
  algorithm: string;
  secret_id: string;
  secret_value: string;
};

/**
 * A Tableau connected-app JWT (direct trust) for one page view: HS256 signed with the secret's value, header
 * `kid` = the secret's id and `iss` = the app's client id; claims `iss`, `sub` (the Tableau user), `aud`, `scp`
 * (the scopes, a list), a fresh `jti`, `iat` and `exp` at most 5 minutes later. Made on the server only.
 */
export async function tableauToken(report: TableauSettings, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scp: scopesOf(report.scope) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: report.secret_id, iss: report.client_id })
    .setIssuer(report.client_id)
    .setSubject(report.user_email)
    .setAudience(report.audience)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TABLEAU_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(report.secret_value));
}

/** 'tableau:views:embed tableau:metrics:embed' or with commas: each scope once. */
export const scopesOf = (scope: string) => [...new Set(scope.split(/[\s,]+/).filter(Boolean))];

/** What is wrong with the report settings for embedding, in words for an admin; empty when nothing is. */
export function tableauProblems(report: TableauSettings, link: string): string[] {
  const problems: string[] = [];
  const missing = (["client_id", "secret_id", "secret_value", "user_email", "audience", "scope"] as const).filter((k) => !report[k].trim());
  if (missing.length) problems.push(`These report settings are empty: ${missing.join(", ")}.`);
  if (report.algorithm.trim().toUpperCase() !== "HS256") problems.push(`The algorithm is ${report.algorithm || "empty"}; Tableau connected apps sign with HS256.`);
  if (!/^https:\/\//i.test(link)) problems.push("The dashboard link must start with https://.");
  return problems;
}

export type TableauPage =
  | { kind: "ready"; title: string; link: string; token: string; expiresAt: string }
  | { kind: "misconfigured"; title: string; problems: string[] | null };

export const REPORT_NOT_FOUND = () => new DomainError("REPORT_NOT_FOUND", "Report not found", 404);

/**
 * The embedded report at /reports/{slug}: the configured entry whose title gives the slug (a feature that is off,
 * or a slug not configured, is not found). A misconfiguration tells admins what is wrong and others only that the
 * report is not available. The secret never leaves the server: only the signed token does.
 */
export async function tableauPageOf(auth: Auth, slug: string, isAdmin: boolean, now = new Date()): Promise<TableauPage> {
  const report = auth.organization.settings.features.report as TableauSettings;
  if (!report.is_enabled) throw REPORT_NOT_FOUND();
  const page = reportPages(report.nav.map((n) => ({ title: n.title, link: n.tableau_link }))).find((p) => p.slug === slug);
  if (!page) throw REPORT_NOT_FOUND();
  const problems = tableauProblems(report, page.link);
  if (problems.length) return { kind: "misconfigured", title: page.title, problems: isAdmin ? problems : null };
  const token = await tableauToken(report, now);
  return { kind: "ready", title: page.title, link: page.link, token, expiresAt: new Date(now.getTime() + TABLEAU_TOKEN_SECONDS * 1000).toISOString() };
}
