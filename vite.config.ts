import fs from "node:fs";
import path from "node:path";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { BUILT_ASSETS_FILE } from "./scripts/prune-old-assets.ts";

const apiPort = process.env.API_PORT ?? "3001";

/** Lists the files of assets/ this build wrote, so scripts/prune-old-assets.ts can retire the others. */
const recordBuiltAssets: Plugin = {
  name: "veggie-cart:record-built-assets",
  apply: "build",
  writeBundle(options, bundle) {
    // NOTE: only the app's own build (the one with index.html), not the service worker's separate one.
    if (!options.dir || !("index.html" in bundle)) return;
    const file = path.join(options.dir, BUILT_ASSETS_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(Object.keys(bundle).filter((name) => name.startsWith("assets/"))));
  },
};

/**
 * `vite build --ssr`: the server's way into the app (src/client/entry-server.tsx, decision 036), one file in
 * dist/ssr with every dependency inside, so `npm start` needs no dev dependency and a new build never takes a
 * chunk away from a running server.
 */
const ssrBuild: UserConfig = {
  root: "src/client",
  publicDir: false,
  plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui()],
  ssr: { noExternal: true },
  build: {
    ssr: "entry-server.tsx",
    outDir: "../../dist/ssr",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { input: path.resolve("src/client/entry-server.tsx"), output: { codeSplitting: false } },
  },
};

/** Where the boot entry's build names its file (read by src/server/http/spa.ts). */
export const BOOT_MANIFEST_FILE = ".vite/boot-manifest.json";

/**
 * `vite build --mode boot`: the boot script of a server-drawn page (src/client/boot.ts, decision 056), one
 * small classic script with the cart's and likes' modules inside, apart from the app's chunks (in the app's
 * build, the modules both use would be shared with the app's entry, which the boot script would then load).
 * Its file is added to the list of this build's assets, so pruning keeps it.
 */
const bootBuild: UserConfig = {
  root: "src/client",
  publicDir: false,
  plugins: [
    {
      name: "veggie-cart:record-boot-asset",
      apply: "build",
      writeBundle(options, bundle) {
        if (!options.dir) return;
        const file = path.join(options.dir, BUILT_ASSETS_FILE);
        const built: string[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : [];
        const mine = Object.keys(bundle).filter((name) => name.startsWith("assets/"));
        fs.writeFileSync(file, JSON.stringify([...new Set([...built, ...mine])]));
      },
    },
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: false,
    sourcemap: false,
    manifest: BOOT_MANIFEST_FILE,
    modulePreload: false,
    rolldownOptions: {
      input: { boot: path.resolve("src/client/boot.ts") },
      output: { format: "iife", entryFileNames: "assets/boot-[hash].js" },
    },
  },
};

const clientConfig: UserConfig = {
  root: "src/client",
  publicDir: "public",
  plugins: [
    // NOTE: Lingui's macros compile in Babel (decision 032); its plugin turns the .po catalogues into modules.
    react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
    lingui(),
    tailwindcss(),
    recordBuiltAssets,
    // NOTE: the installable, offline-tolerant shop (decision 011): our own service worker (src/client/sw.ts)
    // with Workbox's precache list injected, registered by the app, which asks before updating.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // NOTE: source maps are for developers, not worth a phone's storage.
        globIgnores: ["**/*.map"],
      },
      manifest: {
        name: "Veggie Cart",
        short_name: "Veggie Cart",
        description: "Fresh fruits, vegetables, dairy and grains straight from farmers.",
        id: "/",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: "#166534",
        background_color: "#fafaf9",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: false,
    sourcemap: false,
    // NOTE: every browser the shop supports preloads modules itself; one without only fetches a later chunk's
    // imports a moment later.
    modulePreload: { polyfill: false },
    // NOTE: everything the entry imports statically in one chunk with it: split into nine files (the modules
    // later chunks share), the same code was 4.7 KB more compressed (decision 040).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } } },
  },
  server: {
    port: 3000,
    // NOTE: /dev too, for the outbox of written mails (/dev/outbox) that mail links lead to in development.
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "/dev": `http://127.0.0.1:${apiPort}` },
  },
};

export default defineConfig(({ isSsrBuild, mode }) =>
  isSsrBuild ? ssrBuild : mode === "boot" ? bootBuild : clientConfig,
);
