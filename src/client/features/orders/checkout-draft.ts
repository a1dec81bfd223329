import { ownStorageKeys } from "../../../shared/constants.ts";

/**
 * What the shopper typed and chose at checkout, kept in this tab's sessionStorage so a reload (or a phone that
 * dropped the page, or a session that ended mid-order) does not lose it; gone when the order is placed or the
 * tab is closed. Only text the shopper typed and the slots they chose: no card data exists in this form.
 */
const SLOT = "slot:";

function readAll(): Record<string, string> {
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

function writeAll(values: Record<string, string>): void {
  try {
    window.sessionStorage.setItem(ownStorageKeys.checkoutDraft, JSON.stringify(values));
  } catch {
    // NOTE: storage can be full or disabled; the form still works, it is only not kept.
  }
}

const split = (all: Record<string, string>) => {
  const fields: Record<string, string> = {};
  const slots: Record<string, string> = {};
  for (const [key, value] of Object.entries(all)) {
    if (key.startsWith(SLOT)) slots[key.slice(SLOT.length)] = value;
    else fields[key] = value;
  }
  return { fields, slots };
};

/** The form's fields as last typed. */
export const readDraft = (): Record<string, string> => split(readAll()).fields;

/** The slot chosen for each farmer (by farmer key); checkout uses one only while it is still open. */
export const readDraftSlots = (): Record<string, string> => split(readAll()).slots;

export function saveDraft(values: Record<string, string>): void {
  const { slots } = split(readAll());
  writeAll({ ...values, ...Object.fromEntries(Object.entries(slots).map(([key, id]) => [SLOT + key, id])) });
}

export function saveDraftSlots(slots: Record<string, string>): void {
  const { fields } = split(readAll());
  writeAll({ ...fields, ...Object.fromEntries(Object.entries(slots).map(([key, id]) => [SLOT + key, id])) });
}

export function clearDraft(): void {
  window.sessionStorage.removeItem(ownStorageKeys.checkoutDraft);
}
