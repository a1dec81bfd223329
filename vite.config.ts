import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
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
  build: { outDir: "../../dist/client", emptyOutDir: false, sourcemap: false },
  server: {
    port: 3000,
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
});
