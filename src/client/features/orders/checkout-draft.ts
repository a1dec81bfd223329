import { ownStorageKeys } from "../../../shared/constants.ts";

/**
 * What the shopper typed at checkout, kept in this tab's sessionStorage so a reload (or a phone that dropped
 * the page) does not lose it; gone when the order is placed or the tab is closed. Only text the shopper
 * typed: no card data exists in this form.
 */
export function readDraft(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(ownStorageKeys.checkoutDraft) ?? "{}");
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

export function saveDraft(values: Record<string, string>): void {
  try {
    window.sessionStorage.setItem(ownStorageKeys.checkoutDraft, JSON.stringify(values));
  } catch {
    // NOTE: storage can be full or disabled; the form still works, it is only not kept.
  }
}

export function clearDraft(): void {
  window.sessionStorage.removeItem(ownStorageKeys.checkoutDraft);
}
