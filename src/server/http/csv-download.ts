import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { FastifyReply } from "fastify";

/*
 * What every CSV download shares (issue 40, item 20): a byte-order mark so Excel reads the file as UTF-8 (a
 * Devanagari name is garbled without it), times in the shop's time zone, and phone numbers a spreadsheet keeps
 * as text without showing an apostrophe.
 */

const BYTE_ORDER_MARK = "\uFEFF";

/** Sends `csv` as the download `filename`, marked as UTF-8 for spreadsheets. */
export const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(`${BYTE_ORDER_MARK}${csv}`);

/** "2026-03-21 14:05": an instant as the shop's clock read it (`timeZone`: SHOP_TIME_ZONE). */
export const csvTime = (iso: string, timeZone: string): string =>
  format(new TZDate(new Date(iso), timeZone), "yyyy-MM-dd HH:mm");

/**
 * "91 98765 43210": a phone number in groups of digits with no leading "+", so no spreadsheet reads it as a
 * number or a formula (a "+" cell is one) and no apostrophe is needed to keep it text. An Indian number
 * (10 digits, or 12 with 91) gets its usual groups; any other keeps its own groups, or groups of up to five.
 */
export function csvPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) {
    return `91 ${digits.slice(2, 7)} ${digits.slice(7)}`;
  }
  if (digits.length === 10) return `${digits.slice(0, 5)} ${digits.slice(5)}`;
  const groups = phone.match(/\d+/g) ?? [];
  if (groups.length > 1) return groups.join(" ");
  return digits.match(/\d{1,5}/g)?.join(" ") ?? "";
}
