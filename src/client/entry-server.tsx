/**
 * The server's way into the app (decision 037): built by `vite build --ssr` into dist/ssr and loaded by the
 * server (src/server/http/spa.ts), which calls `render` for each page it is asked for. The app is the same
 * one the browser runs: the same routes, guards and screens, and the same queries, which reach the API
 * through the server itself with the visitor's cookie, so no rule or permission is written twice.
 */
import type { Query } from "@tanstack/react-query";
import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import {
  INTL_LOCALES,
  isLanguage,
  type Language,
  languageOfAcceptLanguage,
} from "../shared/i18n/languages.ts";
import type { RenderRequest, RenderResult } from "../shared/ssr.ts";
import { createQueryClient, Providers } from "./app/providers.tsx";
import type { ScreenHandle } from "./app/route-error.tsx";
import { AppRoutes, GUARDS, routes, SERVER_RENDERED } from "./app/routes.tsx";
import { meQuery } from "./features/auth/me.api.ts";
import { catalogueModules, i18n, loadLanguage } from "./lib/i18n.ts";
import { phoneReach } from "./lib/phone-reach.ts";
import { loginPathFor } from "./lib/return-path.ts";
import { getShopCountries } from "./lib/shop-countries.ts";
import { getShopTimeZone } from "./lib/shop-time-zone.ts";

export { setApiTransport } from "./lib/api-client.ts";

/** What a screen's queries ask for is learnt by drawing it; a screen needs at most this many rounds. */
const MAX_ROUNDS = 4;

/** A query the server asks for: enabled, and not one that reads this browser's storage (`browserOnly`). */
const askedHere = (query: Query) => {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  const enabled = typeof option === "function" ? option(query) : option !== false;
  return enabled && query.meta?.browserOnly !== true;
};

/** JSON safe inside a `<script>` element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, "http://veggie-cart.invalid");
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const ids = new Set(matches.map((match) => match.route.id));
  const leaf = matches.at(-1)?.route;

  const queryClient = createQueryClient();
  // NOTE: a query that fails here is not tried again: the browser asks for it once it runs.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const me = await queryClient.fetchQuery(meQuery).catch(() => undefined);
  // NOTE: the session could not be checked (a database hiccup): the browser asks again and says so.
  if (me === undefined) return { kind: "shell" };
  if (ids.has(GUARDS.home)) return { kind: "redirect", location: me ? "/dashboard" : "/login" };
  if (ids.has(GUARDS.signedIn) && !me)
    return { kind: "redirect", location: loginPathFor(`${url.pathname}${url.search}`) };
  if (ids.has(GUARDS.signedOut) && me) return { kind: "redirect", location: "/dashboard" };
  if (!leaf?.path || !SERVER_RENDERED.has(leaf.path)) return { kind: "shell" };

  // NOTE: the language the browser would pick (decision 032): the account's, else this browser's choice,
  // else its own languages.
  const language: Language =
    me?.language ??
    (isLanguage(request.languageCookie)
      ? request.languageCookie
      : languageOfAcceptLanguage(request.acceptLanguage));
  const handles = matches.flatMap((match) => {
    const handle = match.route.handle as ScreenHandle | undefined;
    return handle ? [handle] : [];
  });
  // NOTE: the screens' code is here before drawing, so nothing suspends (a synchronous render would draw the
  // spinner instead).
  await Promise.all([loadLanguage(language), ...handles.map((handle) => handle.preload(language))]);

  const app = (
    <StrictMode>
      <Providers client={queryClient}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
  let html = "";
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    // NOTE: Lingui's i18n is one object for the whole process; a synchronous render cannot interleave with
    // another page's, so activating it just before is enough (why renderToString, decision 037).
    i18n.activate(language, [INTL_LOCALES[language]]);
    html = renderToString(app);
    const asked = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) => query.state.status === "pending" && query.state.fetchStatus === "idle" && askedHere(query),
      );
    if (asked.length === 0 || round === MAX_ROUNDS) break;
    // NOTE: a query that fails is left to the browser, which shows its own error and retries.
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  }
  const state = {
    queries: dehydrate(queryClient),
    language,
    shopTimeZone: getShopTimeZone(),
    shopCountries: getShopCountries(),
    ...phoneReach(),
  };
  // NOTE: with the screens' chunks, the catalogues of the texts they show and, in Hindi and Marathi, those every
  // screen has (decision 070).
  const modules = [
    ...new Set([
      ...handles.flatMap((handle) => [
        ...(handle.module ? [handle.module] : []),
        ...catalogueModules(language, handle.texts),
      ]),
      ...catalogueModules(language, []),
    ]),
  ];
  return { kind: "page", language, signedIn: me !== null, html, state: scriptJson(state), modules };
}
