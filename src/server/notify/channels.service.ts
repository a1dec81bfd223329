import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../shared/i18n/languages.ts";
import {
  type Channels,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  notificationMessages,
} from "../../shared/schemas/notifications.ts";
import { type Database, runSteps, type Steps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import * as repo from "./channels.repository.ts";
import type { PhoneChannel } from "./phone-message.ts";

/**
 * Which channels each person's news goes on (issue 37, decision 063). No row is the default: e-mail on (when
 * the account has an address), WhatsApp and SMS off. Signing up with a number writes WhatsApp and SMS on, with
 * the sign-up as the consent's time; anybody turns each on or off on /account. A phone channel counts only
 * when it is on, consented to, and the account has a verified number.
 */

/** An account made with a number keeps an address in `.invalid`, which never resolves (decision 054). */
const hasMailbox = (email: string) => !email.endsWith(".invalid");

export interface Reach {
  userId: string;
  phone: string | null;
  email: string | null;
  language: Language;
  /** Per kind, what is on (a phone channel: on, consented to, and a number to send to). */
  allowed: Record<NotificationKind, Channels>;
  consentAt: Record<NotificationKind, { whatsapp: string | null; sms: string | null }>;
}

function reachFrom(
  user: { id: string; email: string; language?: string | null; sign_in_phone?: string | null },
  rows: readonly repo.ChannelRow[],
): Reach {
  const email = hasMailbox(user.email) ? user.email : null;
  const phone = user.sign_in_phone ?? null;
  const row = (kind: NotificationKind, channel: NotificationChannel) =>
    rows.find((each) => each.kind === kind && each.channel === channel);
  const phoneOn = (kind: NotificationKind, channel: "whatsapp" | "sms") => {
    const found = row(kind, channel);
    return phone !== null && found?.enabled === 1 && found.consent_at !== null;
  };
  const of = (kind: NotificationKind): Channels => ({
    // NOTE: not tied to the account's own address: an order's confirmation goes to the address typed at
    // checkout, which a person signed up by phone may have typed.
    email: (row(kind, "email")?.enabled ?? 1) === 1,
    whatsapp: phoneOn(kind, "whatsapp"),
    sms: phoneOn(kind, "sms"),
  });
  const consent = (kind: NotificationKind) => ({
    whatsapp: phoneOn(kind, "whatsapp") ? (row(kind, "whatsapp")?.consent_at ?? null) : null,
    sms: phoneOn(kind, "sms") ? (row(kind, "sms")?.consent_at ?? null) : null,
  });
  return {
    userId: user.id,
    phone,
    email,
    language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
    allowed: { buying: of("buying"), fulfilling: of("fulfilling") },
    consentAt: { buying: consent("buying"), fulfilling: consent("fulfilling") },
  };
}

/** Each of these accounts' reach (deleted accounts are left out). */
export function* reachOfUsers(db: Kysely<Database>, userIds: readonly string[]): Steps<Map<string, Reach>> {
  const { users, channels } = yield* repo.reachOf(db, userIds);
  return new Map(
    users.map((user) => [
      user.id,
      reachFrom(
        user,
        channels.filter((row) => row.user_id === user.id),
      ),
    ]),
  );
}

/** Whether SMS may carry this person's news of `kind` now (the fallback asks when it is due). */
export function* smsAllowed(db: Kysely<Database>, userId: string, kind: NotificationKind): Steps<boolean> {
  return (yield* reachOfUsers(db, [userId])).get(userId)?.allowed[kind].sms === true;
}

/** Whether e-mail may carry this person's news of `kind` (an order's digest asks before it joins it). */
export async function emailAllowed(
  ctx: { db: Kysely<Database> },
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  return (await runSteps(ctx.db, reachOfUsers(ctx.db, [userId]))).get(userId)?.allowed[kind].email !== false;
}

/** GET /api/account/notifications. */
export async function notificationSettings(
  ctx: { db: Kysely<Database> },
  userId: string,
): Promise<NotificationSettings> {
  const reach = (await runSteps(ctx.db, reachOfUsers(ctx.db, [userId]))).get(userId);
  if (!reach) throw new AppError("not_found", "Not found");
  const kind = (k: NotificationKind) => ({ channels: reach.allowed[k], consentAt: reach.consentAt[k] });
  return {
    phone: reach.phone,
    hasEmail: reach.email !== null,
    buying: kind("buying"),
    fulfilling: kind("fulfilling"),
  };
}

/**
 * PUT /api/account/notifications: each channel of each kind on or off. Turning a phone channel on is consent,
 * recorded with its time (a channel already on keeps its first consent); off withdraws it. A phone channel
 * needs a verified number, and a provider to carry it to be turned on (400 naming the field otherwise).
 */
export async function updateNotificationSettings(
  ctx: { db: Kysely<Database>; now: Date; phone: { channels: readonly PhoneChannel[] } },
  userId: string,
  input: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const before = (await runSteps(ctx.db, reachOfUsers(ctx.db, [userId]))).get(userId);
  if (!before) throw new AppError("not_found", "Not found");
  const now = ctx.now.toISOString();
  const rows: repo.ChannelRow[] = [];
  for (const kind of NOTIFICATION_KINDS) {
    const wanted = input[kind].channels;
    // NOTE: only turning on is refused: a channel left on from before its provider went stays as it is.
    const unavailable = (["whatsapp", "sms"] as const).find(
      (channel) => wanted[channel] && !before.allowed[kind][channel] && !ctx.phone.channels.includes(channel),
    );
    if (unavailable) {
      throw new AppError("validation_failed", notificationMessages.channelUnavailable, {
        [`${kind}.channels.${unavailable}`]: notificationMessages.channelUnavailable,
      });
    }
    if ((wanted.whatsapp || wanted.sms) && before.phone === null) {
      const field = `${kind}.channels.${wanted.whatsapp ? "whatsapp" : "sms"}`;
      throw new AppError("validation_failed", notificationMessages.noPhone, {
        [field]: notificationMessages.noPhone,
      });
    }
    rows.push({
      user_id: userId,
      kind,
      channel: "email",
      enabled: wanted.email ? 1 : 0,
      consent_at: null,
      updated_at: now,
    });
    for (const channel of ["whatsapp", "sms"] as const) {
      const on = wanted[channel];
      const kept = before.consentAt[kind][channel];
      rows.push({
        user_id: userId,
        kind,
        channel,
        enabled: on ? 1 : 0,
        consent_at: on ? (kept ?? now) : null,
        updated_at: now,
      });
    }
  }
  await repo.saveChannels(ctx.db, rows);
  return notificationSettings(ctx, userId);
}

/**
 * A new account made with its number (decision 054): WhatsApp on and SMS as its fallback, for both kinds, with
 * the sign-up (the number proved by its code) as the consent. Call it in the sign-up's transaction.
 */
export async function grantPhoneDefaults(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await repo.saveChannels(
    db,
    NOTIFICATION_KINDS.flatMap((kind) =>
      (["whatsapp", "sms"] as const).map((channel) => ({
        user_id: userId,
        kind,
        channel,
        enabled: 1,
        consent_at: at,
        updated_at: at,
      })),
    ),
  );
}

/** "STOP" from `phone` on `channel`: that channel is turned off for every account with the number. */
export async function stopChannel(
  db: Kysely<Database>,
  phone: string,
  channel: "whatsapp" | "sms",
  now: Date,
): Promise<number> {
  const users = await runSteps(db, repo.usersWithPhone(db, phone));
  for (const user of users) await repo.turnOff(db, user.id, channel, now.toISOString(), NOTIFICATION_KINDS);
  return users.length;
}

/** Account deletion: the person's channel choices go (their messages too: see news.service). */
export async function forgetChannels(db: Kysely<Database>, userId: string): Promise<void> {
  await repo.deleteChannelsOf(db, userId);
}
