import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { LANGUAGES } from "./src/shared/i18n/languages.ts";

/**
 * Decision 032: one catalogue per client feature folder (so features are translated without touching each
 * other's files) and one for the shell (app/, components/, lib/, main.tsx, sw.ts). English is the source.
 * Decision 049: one for the server's texts (src/server/texts reads it), its ids the English.
 * Decision 059: one for the texts both sides say (src/shared), its ids the English too.
 */
/**
 * The PO format, each catalogue in Lingui's own order (by message, then context) and then by id. The server's
 * messages have their English as their id and no message of their own (decision 049): without the id, they
 * would come out in whichever order `lingui extract`'s worker threads finished, and `npm run lint` would find
 * the catalogue changed. (Lingui's `orderBy` option refuses a function.)
 */
const po = formatter({ lineNumbers: false });
const collator = new Intl.Collator("en-US");
const ordered = <T extends { message?: string; context?: string }>(catalog: Record<string, T>) =>
  Object.fromEntries(
    Object.entries(catalog).sort(
      ([aId, a], [bId, b]) =>
        collator.compare(a.message || "", b.message || "") ||
        collator.compare(a.context || "", b.context || "") ||
        collator.compare(aId, bId),
    ),
  );

const FEATURES = [
  "about",
  "admin",
  "auth",
  "catalogue",
  "legal",
  "messages",
  "orders",
  "slots",
  "standing-orders",
];

export default defineConfig({
  sourceLocale: "en",
  locales: [...LANGUAGES],
  fallbackLocales: false,
  format: { ...po, serialize: (catalog, ctx) => po.serialize(ordered(catalog), ctx) },
  catalogs: [
    ...FEATURES.map((feature) => ({
      path: `<rootDir>/src/client/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/client/features/${feature}`],
      exclude: ["**/*.test.*"],
    })),
    // NOTE: parts several features share, with texts the first screen does not need (src/client/parts).
    {
      path: "<rootDir>/src/client/parts/locales/{locale}",
      include: ["<rootDir>/src/client/parts"],
      exclude: ["**/*.test.*"],
    },
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
      path: "<rootDir>/src/shared/locales/{locale}",
      include: ["<rootDir>/src/shared"],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/server/locales/{locale}",
      include: ["<rootDir>/src/server"],
      exclude: ["**/*.test.*", "<rootDir>/src/server/test"],
    },
  ],
});
