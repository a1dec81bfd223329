import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * Decision 032: one catalogue per client feature folder (so features are translated without touching each
 * other's files) and one for the shell (app/, components/, lib/, main.tsx, sw.ts). English is the source.
 * Decision 049: one for the server's texts (src/server/texts reads it), its ids the English.
 */
const FEATURES = ["about", "admin", "auth", "catalogue", "legal", "messages", "orders", "slots"];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "hi", "mr"],
  fallbackLocales: false,
  format: formatter({ lineNumbers: false }),
  catalogs: [
    ...FEATURES.map((feature) => ({
      path: `<rootDir>/src/client/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/client/features/${feature}`],
      exclude: ["**/*.test.*"],
    })),
    {
      path: "<rootDir>/src/client/locales/{locale}",
      include: [
        "<rootDir>/src/client/app",
        "<rootDir>/src/client/components",
        "<rootDir>/src/client/lib",
        "<rootDir>/src/client/main.tsx",
        "<rootDir>/src/client/sw.ts",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/server/locales/{locale}",
      include: ["<rootDir>/src/server"],
      exclude: ["**/*.test.*", "<rootDir>/src/server/test"],
    },
  ],
});
