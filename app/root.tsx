import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { getUser } from "~/services/accounts/session.server";
import { isOperator } from "~/services/ops/operators.server";
import { errorPageHeaders } from "~/search/unavailable.server";
import { HeaderNav } from "./components/ui/site-nav";
import { FirstPaintWaits } from "./components/ui/first-paint";
import stylesheet from "./tailwind.css?url";
import { EmbedFrame, isEmbedSearch } from "./components/embed";
import { useNonce } from "./components/ui/nonce";
import { PARTNER_PATH, PRIVACY_PATH } from "./domain/constants";
import { texts } from "./domain/texts";
import { STORAGE_FALLBACK_SCRIPT } from "./components/ui/storage-fallback";
import { FAILED_PHOTOS_SCRIPT } from "./components/ui/failed-photos";
import { SCRIPT_LOADER } from "./utils/script-loader";
import { useClickBeforeHydration } from "./components/ui/click-before-hydration";
import { keepsPageData } from "./utils/revalidation";
import { SkipLink } from "./components/ui/skip-link";
import { PreloadCardParts } from "./components/results/card-parts-loader";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const headers = errorPageHeaders;

/** An error page's title (a page's own meta says its title otherwise): what went wrong, as its heading says. */
export const meta: MetaFunction = ({ error }) => (error ? [{ title: `${errorMessage(error)} – ${texts.siteName}` }] : []);

/** Whether the visitor is logged in, and an operator (the header's links). Anonymous pages are the same for everyone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  return { loggedIn: user !== null, operator: user !== null && isOperator(context.db, user.id), publicUrl: context.publicUrl };
}

/** Whether the visitor is logged in does not change with a histogram call or a saved trip. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !keepsPageData(args) && args.defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="da">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* They run from the server's markup, before any other script: the storage fallback, the failed
            photos' placeholder and the loader of the page's scripts. React leaves a script's text as the
            server wrote it, so the page's own script need not carry the text too. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? [STORAGE_FALLBACK_SCRIPT, FAILED_PHOTOS_SCRIPT, SCRIPT_LOADER].join("\n") : "",
          }}
        />
        <Meta />
        <Links />
        <CanonicalLink />
        <FirstPaintWaits />
      </head>
      <body className="min-h-screen bg-snow text-slate-900 antialiased">
        {/* One element for the whole page: an open Headless UI dialog makes the body child that holds
            it inert, and would leave a header or footer beside it reachable. */}
        <div>{children}</div>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Every page's `<link rel="canonical">` (docs/urls.md "For search engines"): the page's path on
 * PUBLIC_URL, without its query string, unless the page writes its own (a route whose `handle`
 * has `canonical: "own"`: the results, accommodation and destination pages). None on an error page.
 */
function CanonicalLink() {
  const matches = useMatches();
  const error = useRouteError();
  const publicUrl = useRouteLoaderData<typeof loader>("root")?.publicUrl;
  const { pathname } = useLocation();
  const own = matches.some((m) => (m.handle as { canonical?: string } | undefined)?.canonical === "own");
  if (own || error || !publicUrl) return null;
  return <link rel="canonical" href={`${publicUrl}${pathname}`} />;
}

export default function App() {
  const { pathname, search } = useLocation();
  useClickBeforeHydration();
  // Embed mode (`embed=1`): only the page itself, sized for the partner's iframe.
  if (isEmbedSearch(search)) {
    return (
      <EmbedFrame>
        <SkipLink />
        <PreloadCardParts />
        <Outlet />
      </EmbedFrame>
    );
  }
  // A column as tall as the window at least, so that a short page's footer sits at its bottom.
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <PreloadCardParts />
      {/* The landing page's hero is its own header. */}
      {pathname !== "/" && <SiteHeader />}
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}

function SiteHeader() {
  return (
    <header className="bg-brand-900 text-white" data-testid="site-header">
      <div className="mx-auto flex max-w-[1400px] items-center justify-between gap-4 px-3 py-2 sm:px-4">
        <Link to="/" className="text-lg font-extrabold tracking-tight">
          {texts.siteName}
        </Link>
        <HeaderNav />
      </div>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer className="mt-8 border-t border-slate-200 bg-white" data-testid="site-footer">
      <div className="mx-auto flex max-w-[1400px] flex-wrap items-center justify-between gap-4 px-3 py-6 text-sm text-slate-600 sm:px-4">
        <p>
          <strong className="text-brand-900">{texts.siteName}</strong> – {texts.tagline}
        </p>
        <nav aria-label={texts.nav.footerLabel} className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={PRIVACY_PATH} className="font-semibold text-brand-700 underline" data-testid="footer-privacy">
            {texts.privacy.footerLink}
          </Link>
          <Link to={PARTNER_PATH} className="font-semibold text-brand-700 underline">
            {texts.nav.partner}
          </Link>
        </nav>
      </div>
    </footer>
  );
}

/** What an error page says: not found, unavailable (and why), or an unexpected error. */
function errorMessage(error: unknown): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 503 says why in its body: the search engine, or a store that cannot take writes (server/store-writes.ts).
  const unavailable =
    isRouteErrorResponse(error) && error.data === texts.errors.storeUnavailable ? error.data : texts.errors.searchUnavailable;
  return status === 404 ? texts.errors.notFound : status === 503 ? unavailable : texts.errors.unexpected;
}

export function ErrorBoundary() {
  const message = errorMessage(useRouteError());
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-xl flex-1 p-8">
        <h1 className="text-2xl font-semibold">{message}</h1>
        <p className="mt-4">
          <a className="text-brand-700 underline" href="/">
            {texts.siteName}
          </a>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
