import './styles/mantine';
// After Mantine's default variables, which it overrides.
import 'virtual:theme.css';
import './styles/icon-tip.css';
import type { SessionData } from '@eco/domain';
import { APP_TITLE } from '@eco/domain/constants';
import { mantineHtmlProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { AppFrame } from './components/AppFrame';
import { ClientOnlyNotices } from './components/ClientOnlyNotices';
import { ErrorView, NOT_FOUND_MESSAGE } from './components/errors/ErrorView';
import { describeRouteError } from './components/errors/route-error';
import { APP_DESCRIPTION } from './config';
import { MANIFEST_PATH } from './features/pwa/web-manifest';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload';
import { takeNotice } from './lib/forms/flash.server';
import { pageTitle } from './lib/meta';
import { useNonce } from './lib/nonce';
import type { RootData } from './lib/root-data';
import { useRootData } from './lib/root-data';
import { serverContext } from './server-context';
import { ThemeProvider } from './styles/ThemeProvider';
import { BRAND_COLOR } from './theme';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable app (features/pwa): its manifest and the home-screen icon iOS reads instead.
  { rel: 'manifest', href: MANIFEST_PATH },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: APP_TITLE }, { name: 'description', content: APP_DESCRIPTION }];
  const { status } = describeRouteError(error);
  return [{ title: pageTitle(status === 404 ? 'Página no encontrada' : `Error ${status}`) }];
};

export function loader({ context, request }: Route.LoaderArgs) {
  const { session, publicUrl, donation, mapStyleUrl, addressSearch } = context.get(serverContext);
  const rootData: RootData = {
    session: withoutToken(session),
    publicUrl,
    donation,
    mapStyleUrl,
    addressSearch,
    notice: null,
  };
  // A notice an action left for this page (lib/forms/flash.server.ts): shown once, then its cookie is cleared.
  const flash = takeNotice(request);
  if (flash === null) return rootData;
  return data({ ...rootData, notice: flash.notice }, { headers: { 'set-cookie': flash.clear } });
}

// The session token stays on the server: the HttpOnly cookie authenticates the browser.
function withoutToken(session: SessionData | null): SessionData | null {
  if (!session) return null;
  const { token: _token, ...rest } = session;
  return rest;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRootData();

  useEffect(() => {
    // The page answers clicks from now on: its scripts start after the first paint (lib/deferred-scripts.server.ts),
    // so the load event no longer tells (the end-to-end tests wait for this mark).
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);

  return (
    <html lang="es-AR" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={BRAND_COLOR} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* Light only (the site offers no dark mode): mantineHtmlProps puts the scheme on <html>, so no script has
            to read a stored one before the first paint. */}
        <ThemeProvider nonce={nonce}>
          <ClientOnlyNotices />
          {/* Without root data (the root itself failed) the error page renders without the shell. */}
          {rootData ? <AppFrame>{children}</AppFrame> : children}
        </ThemeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { status, message } = describeRouteError(error);

  useEffect(() => {
    // A route chunk from a previous deploy is gone: one reload fetches the current build.
    if (isChunkLoadError(error)) reloadOnce();
  }, [error]);

  return <ErrorView status={status} message={status === 404 ? NOT_FOUND_MESSAGE : message} />;
}
