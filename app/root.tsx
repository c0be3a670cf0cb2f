import { Theme } from "@radix-ui/themes";
import themesStyles from "@radix-ui/themes/styles.css";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TopBar } from "~/components/top-bar";

// an inline icon: the browser asks for no /favicon.ico and the page loads nothing from elsewhere
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#95358F"/><text x="16" y="23" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">R</text></svg>',
)}`;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: themesStyles },
  { rel: "icon", type: "image/svg+xml", href: FAVICON },
];

export const meta: MetaFunction = () => [{ title: "Rollcall" }];

// the org default theme colour is #95358F; plum is the closest Radix accent
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body style={{ margin: 0 }}>
        <Theme accentColor="plum" grayColor="mauve" radius="medium">
          <TopBar />
          <main>{children}</main>
        </Theme>
        <ScrollRestoration />
        <Scripts />
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
