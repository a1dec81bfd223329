import type { DehydratedState } from "@tanstack/react-query";
import type { Language } from "../../shared/i18n/languages.ts";
import type { PhoneChannel } from "../../shared/schemas/phone.ts";
import { SSR_ANSWERS_ID, SSR_STATE_ID } from "../../shared/ssr.ts";
import type { KeptAnswer } from "../lib/offline-caches.ts";

/** What a server-rendered page hands the browser (entry-server.tsx writes it, main.tsx reads it). */
export interface ServerState {
  queries: DehydratedState;
  language: Language;
  shopTimeZone: string;
  /** The countries the shop delivers to (decision 047). */
  shopCountries?: readonly string[];
  /** Sign-in by phone and the phone channels, said only when off (issue 37; lib/phone-reach.ts). */
  phoneSignIn?: false;
  phoneChannels?: readonly PhoneChannel[];
}

/** The state of a page the server drew, or undefined for the shell the browser draws alone. */
export function readServerState(): ServerState | undefined {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : undefined;
}

/** The keepable API answers a server-drawn page was drawn from, for the service worker's offline copy. */
export function readServerAnswers(): KeptAnswer[] {
  const text = document.getElementById(SSR_ANSWERS_ID)?.textContent;
  const answers = text ? (JSON.parse(text) as { url: string; body: unknown }[]) : [];
  return answers.map(({ url, body }) => ({ url, body: JSON.stringify(body) }));
}
