import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";
import type { Language } from "../../shared/i18n/languages.ts";
import { SSR_STATE_ID } from "../../shared/ssr.ts";

/** What a server-rendered page hands the browser (entry-server.tsx writes it, main.tsx reads it). */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
  language: Language;
  shopTimeZone: string;
}

/** The state of a page the server drew, or undefined for the shell the browser draws alone. */
export function readServerState(): ServerState | undefined {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : undefined;
}
