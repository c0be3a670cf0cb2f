import { Theme } from "@radix-ui/themes";
import themesStyles from "@radix-ui/themes/styles.css";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useNonce } from "~/components/nonce";
import { AppShell } from "~/components/shell/app-shell";
import contrastStyles from "~/components/contrast.css";
import skipLinkStyles from "~/components/a11y/skip-link.css";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/a11y/skip-link";
import shellStyles from "~/components/shell/shell.css";
import { ScreeningPrompt } from "~/components/screening/screening-prompt";
import { ToastProvider } from "~/components/toast/toaster";
import { ExportLiveProvider } from "~/components/exports/export-live";
import { documentTitle } from "~/utils/document-title";
import { getAuth } from "~/utils/auth.server";
import { organizationTimeZone } from "~/utils/time-zone.server";
import { dayBoundsIn } from "#modules/organizations/client";
import { exportLiveOf } from "#modules/exports";
import { inboxLiveOf, unreadCountOf } from "#modules/communications";
import { InboxLive } from "~/components/inbox/inbox-live";
import { screeningPromptFor } from "#modules/screening";
import { shellFor } from "#modules/identity";
import { SIGNED_OUT_ACCENT, pageMetaFor } from "~/utils/shell.server";
import { takeToast } from "~/utils/toast.server";

// an inline icon: the browser asks for no /favicon.ico and the page loads nothing from elsewhere
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#95358F"/><text x="16" y="23" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">R</text></svg>',
)}`;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: themesStyles },
  { rel: "stylesheet", href: shellStyles },
  { rel: "stylesheet", href: contrastStyles },
  { rel: "stylesheet", href: skipLinkStyles },
  { rel: "icon", type: "image/svg+xml", href: FAVICON },
];

/**
 * The registry's page meta for this path, the signed-in visitor's shell (null when signed out), the
 * theme accent, and a flash toast left by the last redirect (its cookie is cleared here).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { pathname } = new URL(request.url);
  const auth = await getAuth(request, services);
  const shell = auth ? await shellFor(services, auth, pathname, { unreadCount: await unreadCountOf(services, auth) }) : null;
  const { toast, setCookie } = takeToast(request, services.production);
  return json(
    // the organization's time zone: the browser's check-in screens take "today" in it (decision 032)
    { page: pageMetaFor(pathname), timeZone: organizationTimeZone(auth), renderedDay: dayBoundsIn(organizationTimeZone(auth), new Date()), exportLive: auth ? exportLiveOf(auth) : null, inboxLive: auth ? inboxLiveOf(auth) : null, shell, accent: shell?.accent ?? SIGNED_OUT_ACCENT, toast, screening: auth ? screeningPromptFor(auth, pathname) : null },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/** The page meta and the highlighted menu item follow the path, so the root loader runs on every page change. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: documentTitle(data) }];

export function Layout({ children }: { children: ReactNode }) {
  // undefined when the root loader itself failed: the error page then renders without the shell
  const data = useRouteLoaderData<typeof loader>("root");
  const shell = data?.shell && data.page?.showNavigation ? data.shell : null;
  // the Content-Security-Policy admits an inline script only with this response's nonce (decision 030)
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body style={{ margin: 0 }}>
        <Theme accentColor={data?.accent ?? "plum"} radius="medium">
          <SkipLink />
          <ToastProvider flash={data?.toast ?? null}>
            {/* the user's own export topic: live progress, and a toast wherever they are when an export finishes */}
            {/* the user's own inbox topic: the badge follows new messages (decision 073) */}
            <InboxLive live={data?.inboxLive ?? null} />
            <ExportLiveProvider live={data?.exportLive ?? null}>{shell ? <AppShell shell={shell}>{children}</AppShell> : <main id={MAIN_CONTENT_ID} tabIndex={-1}>{children}</main>}</ExportLiveProvider>
            {/* the daily screening prompt after sign-in (spec-2 section 4), once per page load of the shell */}
            {data?.screening ? <ScreeningPrompt self={data.screening.self} session={data.screening.session} /> : null}
          </ToastProvider>
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
