import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isAppPath } from "../../shared/app-routes.ts";
import {
  BOOT_SCRIPT,
  LANGUAGE_COOKIE,
  type RenderEntry,
  type ServerApi,
  SSR_ANSWERS_ID,
  SSR_SCRIPTS_ID,
  SSR_STATE_ID,
} from "../../shared/ssr.ts";
import { notFound } from "./errors.ts";

/** The CSP source allowing the one inline script of a server-rendered page (src/shared/ssr.ts). */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;

/** What a link preview (WhatsApp, Telegram, a search result) shows of a page: its title and meta tags. */
export interface PageHead {
  title: string;
  /** Open Graph (`og:…`, as `property`) and Twitter (`twitter:…`, as `name`) tags, as [key, content]. */
  meta: [string, string][];
}

/** A page's own head for a link preview, when it has one (a shared product's, issue 40 item 22). */
export type PageHeadOf = (request: FastifyRequest) => Promise<PageHead | undefined>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `html`'s `<title>` replaced by the page's, followed by its meta tags, every value escaped. */
export function withPageHead(html: string, head: PageHead | undefined): string {
  if (!head) return html;
  const tags = head.meta
    .map(
      ([key, content]) =>
        `<meta ${key.startsWith("og:") ? "property" : "name"}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`,
    )
    .join("");
  // NOTE: a function as the replacement, so a "$&" in a product's name is text, not a pattern.
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>${tags}`);
}

/** The render entry `vite build --ssr` writes beside the client's build (decision 037). */
const entryOf = (clientDir: string) => path.join(clientDir, "..", "ssr", "entry-server.js");

/**
 * Serves the built SPA: hashed assets are cached for a year, index.html never, and any other GET outside
 * /api answers with the app: 200 for a path the app has a screen for, 404 (the app then shows its not-found
 * page) for any other, e.g. /backup.zip. When the server's render entry is built, the first screens it
 * knows (src/client/app/routes.tsx, SERVER_RENDERED) arrive drawn, with the data they show, and a route
 * guard's redirect is a 302 (decision 037); every other page is index.html, which the browser draws.
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string | undefined,
  pageHeadOf: PageHeadOf = async () => undefined,
): Promise<void> {
  // NOTE: a preview that cannot be read (a database hiccup) leaves the page its own head, never fails it.
  const headOf: PageHeadOf = (request) =>
    pageHeadOf(request).catch((error: unknown) => {
      request.log.warn({ err: error }, "link preview failed");
      return undefined;
    });
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // NOTE: `npm run build` writes .br and .gz beside each asset; they are sent to clients that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  const noRoute = (request: FastifyRequest) =>
    notFound(`No route for ${request.method} ${request.url.split("?")[0]}`);
  if (hasClient) {
    const renderPage = await loadRenderer(app, clientDir, headOf);
    const indexHtml = fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
    // NOTE: a route of its own, not the not-found handler, so that the hooks @fastify/compress adds to each
    // route compress the pages too (decision 041).
    app.get("/*", { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (path.toLowerCase() === "/api" || path.toLowerCase().startsWith("/api/")) throw noRoute(request);
      const known = isAppPath(path);
      if (known && renderPage && (await renderPage(request, reply))) return reply;
      const head = known ? await headOf(request) : undefined;
      reply.status(known ? 200 : 404).header("cache-control", "no-cache");
      // NOTE: a page drawn by the browser still carries its link preview: a crawler runs no script.
      if (head) return reply.type("text/html; charset=utf-8").send(withPageHead(indexHtml, head));
      return reply.type("text/html").sendFile("index.html");
    });
  }
  app.setNotFoundHandler(async (request) => {
    throw noRoute(request);
  });
}

type Renderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * The page renderer, or undefined when no render entry is built (development, where Vite serves the pages,
 * and the tests). It answers false for a page it leaves to the browser.
 */
async function loadRenderer(
  app: FastifyInstance,
  clientDir: string,
  pageHeadOf: PageHeadOf,
): Promise<Renderer | undefined> {
  const entryFile = entryOf(clientDir);
  if (!fs.existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as RenderEntry;
  const template = splitTemplate(
    fs.readFileSync(path.join(clientDir, "index.html"), "utf8"),
    bootScriptOf(clientDir),
  );
  const preloads = chunkPreloads(clientDir);
  // NOTE: the entry's queries reach the API through the app itself, as the page's visitor: the render they
  // belong to is found by AsyncLocalStorage, since several pages render at once.
  const visitor = new AsyncLocalStorage<ServerApi>();
  entry.setApiTransport((apiPath, init) => {
    const api = visitor.getStore();
    if (!api) throw new Error("an API request outside a page's render");
    return api(apiPath, init);
  });

  return async (request, reply) => {
    const answered: string[] = [];
    const api = pageApi(app, request, answered);
    const result = await visitor
      .run(api, () =>
        entry.render({
          url: request.url,
          acceptLanguage: request.headers["accept-language"],
          languageCookie: request.cookies[LANGUAGE_COOKIE],
        }),
      )
      .catch((error: unknown) => {
        // NOTE: a screen that cannot be drawn here is still drawn by the browser, which shows its own error.
        request.log.error({ err: error }, "server rendering failed");
        return { kind: "shell" } as const;
      });
    if (result.kind === "shell") return false;
    // NOTE: what a page shows depends on who asks and in which language, and its bytes on the encodings the
    // browser accepts, even when this answer goes plain (@fastify/compress names it only when it compresses,
    // and only if no spelling of it, in lower case, is there already).
    reply.header("vary", "cookie, accept-language, accept-encoding");
    if (result.kind === "redirect") {
      reply.header("cache-control", "no-store").redirect(result.location, 302);
      return true;
    }
    const head = await pageHeadOf(request);
    reply
      .status(200)
      // NOTE: a signed-in page holds the account's own data, which is never kept (as its API answers).
      .header("cache-control", result.signedIn ? "private, no-store" : "no-cache")
      .type("text/html; charset=utf-8")
      .send(
        withPageHead(template.head(result.language, result.signedIn), head) +
          result.html +
          template.afterRoot(
            `<script type="application/json" id="${SSR_SCRIPTS_ID}">${JSON.stringify(
              preloads(result.modules),
            )}</script>` +
              `<script type="application/json" id="${SSR_STATE_ID}">${result.state}</script>` +
              `<script type="application/json" id="${SSR_ANSWERS_ID}">[${answered.join(",").replace(/</g, "\\u003c")}]</script>`,
          ),
      );
    return true;
  };
}

/**
 * The API as a page's render asks it: through the app itself, as the page's visitor (their cookie, browser and
 * address). The answers a browser may keep are added to `answered`, to go with the page.
 */
function pageApi(app: FastifyInstance, request: FastifyRequest, answered: string[]): ServerApi {
  return async (apiPath, init) => {
    const answer = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: apiPath,
      headers: {
        ...Object.fromEntries(new Headers(init.headers).entries()),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
      },
      remoteAddress: request.ip,
      ...(typeof init.body === "string" ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one !== undefined) headers.append(name, String(one));
      }
    }
    // NOTE: an answer a browser may keep (not `no-store`) is handed on with the page, so the service worker
    // keeps what the page shows for offline use without asking again (decision 037).
    const keepable = !/no-store/i.test(String(answer.headers["cache-control"] ?? "no-store"));
    if ((init.method ?? "GET") === "GET" && answer.statusCode === 200 && keepable) {
      answered.push(`{"url":${JSON.stringify(apiPath)},"body":${answer.body}}`);
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/** The boot manifest's name (vite.config.ts's BOOT_MANIFEST_FILE; the config is not part of the server). */
const BOOT_MANIFEST = path.join(".vite", "boot-manifest.json");

/**
 * The boot entry's file (`vite build --mode boot`, src/client/boot.ts, decision 056), or undefined in a
 * build without one: what a shopper does first then waits for the app, as before.
 */
function bootScriptOf(clientDir: string): string | undefined {
  const file = path.join(clientDir, BOOT_MANIFEST);
  if (!fs.existsSync(file)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  const boot = Object.values(manifest).find((entry) => entry.isEntry)?.file;
  return boot ? `/${boot}` : undefined;
}

/**
 * index.html cut around #root, with the page's language, the inline boot script (src/shared/ssr.ts) and, on a
 * signed-in page, the boot entry: asked for at once and run as soon as it is there (async), before the app's
 * entry, so the first taps are answered from the page (decision 056). A signed-out page (/login, /signup) has
 * nothing the boot entry answers (no cart, likes or shop), so it goes without (decision 070).
 */
function splitTemplate(html: string, bootScript: string | undefined) {
  const rootTag = '<div id="root"></div>';
  const at = html.indexOf(rootTag);
  if (at < 0 || !html.includes('<html lang="en">') || !/<meta charset="UTF-8" ?\/?>/i.test(html)) {
    throw new Error("index.html has no #root, <html lang> or <meta charset>");
  }
  // NOTE: first in the head, so it runs before a stylesheet holds the parser up.
  const withScripts = (entry: string | undefined) =>
    html
      .slice(0, at)
      .replace(
        /<meta charset="UTF-8" ?\/?>/i,
        (meta) =>
          `${meta}<script>${BOOT_SCRIPT}</script>${entry ? `<script src="${entry}" async></script>` : ""}`,
      );
  const before = { signedIn: withScripts(bootScript), signedOut: withScripts(undefined) };
  const after = html.slice(at + rootTag.length);
  return {
    head: (language: string, signedIn: boolean) =>
      `${(signedIn ? before.signedIn : before.signedOut).replace(
        '<html lang="en">',
        `<html lang="${language}" data-ssr="${signedIn ? "signed-in" : "signed-out"}">`,
      )}<div id="root">`,
    afterRoot: (state: string) => `</div>${state}${after}`,
  };
}

/** The build's manifest (`vite build --manifest`): each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/**
 * The chunks to preload for a drawn page's screens and the catalogues of the texts they show (the modules the
 * render entry names: src/client/app/routes.tsx, src/client/lib/i18n.ts, decision 070), so the browser
 * fetches them beside the app's entry instead of after it has run (decision 041); the boot script adds their
 * `<link rel="modulepreload">`s once the page is painted (decision 044). Chunks index.html already loads are
 * left out. Without a manifest (an older build) a page names none, and the app fetches them itself as before.
 */
function chunkPreloads(clientDir: string): (modules: string[]) => string[] {
  const file = path.join(clientDir, ".vite", "manifest.json");
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  const chunksOf = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const entry = manifest[key];
      if (!entry || into.has(entry.file)) continue;
      into.add(entry.file);
      chunksOf(entry.imports ?? [], into);
    }
    return into;
  };
  const withIndex = chunksOf(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const cached = new Map<string, string[]>();
  return (modules) => {
    const at = modules.join(",");
    let links = cached.get(at);
    if (links === undefined) {
      links = [...chunksOf(modules)].filter((chunk) => !withIndex.has(chunk)).map((chunk) => `/${chunk}`);
      cached.set(at, links);
    }
    return links;
  };
}
