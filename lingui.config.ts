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

/**
 * The auth feature's screens reached only through a later route (the account, the password and e-mail link
 * pages): a catalogue of their own, so the app's entry carries only the sign-in screens' English (decision 070).
 */
const AUTH_LATER = [
  "account-addresses.tsx",
  "account-devices.tsx",
  "account-form.ts",
  "account-forms.tsx",
  "account-notifications-section.tsx",
  "account-page.tsx",
  "account-phone-section.tsx",
  "confirm-email-page.tsx",
  "operator-accounts-section.tsx",
  "password-pages.tsx",
].map((file) => `<rootDir>/src/client/features/auth/${file}`);

/**
 * The shell's files whose texts only later screens show (the layout, the workspaces, components the features
 * draw): a catalogue of their own, so the app's entry carries only the first screen's English (decision 070).
 * The toasts' region stays in the entry's: a toast shows on /login, which fetches no other texts.
 */
const SHELL_LATER = [
  "app/admin-page.tsx",
  "app/farmer-page.tsx",
  "app/footer.tsx",
  "app/header-links.ts",
  "app/header.tsx",
  "app/layout.tsx",
  "components/address-fields.tsx",
  "components/category-tiles.tsx",
  "components/feature-tiles.tsx",
  "components/load-state.tsx",
  "components/modal-dialog.tsx",
  "components/pending.tsx",
  "components/reason-dialog.tsx",
  "components/search-and-filter.tsx",
  "components/show-more-button.tsx",
  "lib/produce.ts",
  "lib/slot-words.ts",
].map((file) => `<rootDir>/src/client/${file}`);

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
      exclude: ["**/*.test.*", ...(feature === "auth" ? AUTH_LATER : [])],
    })),
    // NOTE: parts several features share, with texts the first screen does not need (src/client/parts).
    {
      path: "<rootDir>/src/client/parts/locales/{locale}",
      include: ["<rootDir>/src/client/parts"],
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/client/features/auth/locales/account/{locale}",
      include: AUTH_LATER,
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
      exclude: ["**/*.test.*", ...SHELL_LATER],
    },
    {
      path: "<rootDir>/src/client/locales/layout/{locale}",
      include: SHELL_LATER,
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
