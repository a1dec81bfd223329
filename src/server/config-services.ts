import { LANGUAGES, type Language } from "../shared/i18n/languages.ts";
import { NEWS_EVENTS, type NewsEvent } from "../shared/schemas/notifications.ts";
import type { Env } from "./config-env.ts";
import type { PaymentSettings } from "./payments/index.ts";

// The outside services a shop may set up (payments, WhatsApp, MSG91, object storage), all or none (config.ts).

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

/**
 * PAYMENT_GATEWAY=razorpay needs its three RAZORPAY_* settings; unset, it is razorpay when they are given, else
 * the test gateway outside production and none (pay on delivery only) in production, which refuses the test
 * gateway (it would take orders as paid with no money moving).
 */
export function paymentsOf(e: Env, production: boolean): PaymentSettings {
  const missing = RAZORPAY_KEYS.filter((key) => !e[key]);
  const chosen = e.PAYMENT_GATEWAY ?? (missing.length === 0 ? "razorpay" : production ? "none" : "test");
  if (chosen === "test" && production) {
    throw new Error(
      "Invalid configuration: PAYMENT_GATEWAY: the test gateway moves no money and is refused when NODE_ENV=production",
    );
  }
  if (chosen !== "razorpay") return { gateway: chosen };
  if (missing.length > 0) {
    throw new Error(`Invalid configuration: ${missing.join(", ")}: required when PAYMENT_GATEWAY=razorpay`);
  }
  return {
    gateway: "razorpay",
    keyId: e.RAZORPAY_KEY_ID ?? "",
    keySecret: e.RAZORPAY_KEY_SECRET ?? "",
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? "",
    apiUrl: e.RAZORPAY_API_URL,
  };
}

export interface WhatsAppSettings {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** The approved authentication template that carries a sign-in code (one per language, same name). */
  codeTemplate: string;
  /**
   * Order news (decisions 063, 066): an approved utility template per event (one per language, same name) whose
   * body's one variable is the news' text; its status webhook is checked with the app secret and set up with
   * the verify token. All three or none: without them WhatsApp carries codes only.
   */
  news?: { templates: NewsTemplates; appSecret: string; verifyToken: string };
}

export interface Msg91Settings {
  apiUrl: string;
  authKey: string;
  sender?: string;
  /** The DLT-registered template carrying a sign-in code, per language. */
  codeTemplates: Record<Language, string>;
  /**
   * Order news (decisions 063, 066): a DLT-registered template per event and language with one variable `text`,
   * and the secret the delivery-report webhook's address carries (`?key=`). All or none: without them SMS
   * carries codes only.
   */
  news?: { templates: Record<Language, NewsTemplates>; webhookSecret: string };
}

/** A provider's template for each news event (decision 066). */
export type NewsTemplates = Record<NewsEvent, string>;

/**
 * `order_placed=vc_order_placed,new_part=vc_new_part,…`: a template for every news event, each named once; an
 * unknown or missing event stops the server naming the setting and the event.
 */
export function newsTemplatesOf(name: string, value: string): NewsTemplates {
  const templates: Partial<NewsTemplates> = {};
  for (const pair of value.split(",")) {
    if (!pair.trim()) continue;
    const [event = "", template = ""] = pair.split("=").map((part) => part.trim());
    if (!(NEWS_EVENTS as readonly string[]).includes(event) || !template) {
      throw new Error(
        `Invalid configuration: ${name}: "${pair.trim()}" is not event=template (events: ${NEWS_EVENTS.join(", ")})`,
      );
    }
    templates[event as NewsEvent] = template;
  }
  const lacking = NEWS_EVENTS.filter((event) => !templates[event]);
  if (lacking.length > 0) {
    throw new Error(`Invalid configuration: ${name}: no template for ${lacking.join(", ")}`);
  }
  return templates as NewsTemplates;
}

const missing = (name: string, because: string) =>
  new Error(`Invalid configuration: ${name}: required when ${because} is set`);

/** WhatsApp's settings: all or none (a channel half set up stops the server, naming what is missing). */
export function whatsappOf(e: Env): WhatsAppSettings | undefined {
  const { WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_TOKEN: token } = e;
  if (!phoneNumberId && !token && !e.WHATSAPP_CODE_TEMPLATE && !e.WHATSAPP_NEWS_TEMPLATES) return undefined;
  if (!phoneNumberId) throw missing("WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_TOKEN or WHATSAPP_CODE_TEMPLATE");
  if (!token) throw missing("WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID");
  if (!e.WHATSAPP_CODE_TEMPLATE) throw missing("WHATSAPP_CODE_TEMPLATE", "WHATSAPP_PHONE_NUMBER_ID");
  return {
    apiUrl: (e.WHATSAPP_API_URL ?? "https://graph.facebook.com/v21.0").replace(/\/+$/, ""),
    phoneNumberId,
    token,
    codeTemplate: e.WHATSAPP_CODE_TEMPLATE,
    ...whatsappNewsOf(e),
  };
}

/** WhatsApp's order news: the template, the app secret and the verify token, all or none. */
function whatsappNewsOf(e: Env): Pick<WhatsAppSettings, "news"> {
  const { WHATSAPP_NEWS_TEMPLATES: templates, WHATSAPP_APP_SECRET: appSecret } = e;
  const verifyToken = e.WHATSAPP_VERIFY_TOKEN;
  if (!templates && !appSecret && !verifyToken) return {};
  if (!templates) throw missing("WHATSAPP_NEWS_TEMPLATES", "WHATSAPP_APP_SECRET or WHATSAPP_VERIFY_TOKEN");
  if (!appSecret) throw missing("WHATSAPP_APP_SECRET", "WHATSAPP_NEWS_TEMPLATES");
  if (!verifyToken) throw missing("WHATSAPP_VERIFY_TOKEN", "WHATSAPP_NEWS_TEMPLATES");
  return {
    news: { templates: newsTemplatesOf("WHATSAPP_NEWS_TEMPLATES", templates), appSecret, verifyToken },
  };
}

/** A setting for each of the shop's languages, `<prefix>_EN`, `<prefix>_HI`…, by language. */
const perLanguage = (e: Env, prefix: "MSG91_CODE_TEMPLATE" | "MSG91_NEWS_TEMPLATES") =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, e[`${prefix}_${language.toUpperCase() as Uppercase<Language>}`]]),
  ) as Record<Language, string | undefined>;

/** Every language's setting, or the error naming the first one missing (`needs`: what asks for them). */
function everyLanguage(e: Env, prefix: "MSG91_CODE_TEMPLATE" | "MSG91_NEWS_TEMPLATES", needs: string) {
  const values = perLanguage(e, prefix);
  for (const language of LANGUAGES) {
    if (!values[language]) throw missing(`${prefix}_${language.toUpperCase()}`, needs);
  }
  return values as Record<Language, string>;
}

/** MSG91's order news: a DLT template per event and language, and the webhook's secret, all or none. */
function msg91NewsOf(e: Env): Pick<Msg91Settings, "news"> {
  if (!e.MSG91_WEBHOOK_SECRET && !Object.values(perLanguage(e, "MSG91_NEWS_TEMPLATES")).some(Boolean))
    return {};
  const templates = everyLanguage(
    e,
    "MSG91_NEWS_TEMPLATES",
    "MSG91_WEBHOOK_SECRET or a MSG91_NEWS_TEMPLATES_*",
  );
  if (!e.MSG91_WEBHOOK_SECRET) throw missing("MSG91_WEBHOOK_SECRET", "MSG91_NEWS_TEMPLATES_EN");
  return {
    news: {
      templates: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          newsTemplatesOf(`MSG91_NEWS_TEMPLATES_${language.toUpperCase()}`, templates[language]),
        ]),
      ) as Record<Language, NewsTemplates>,
      webhookSecret: e.MSG91_WEBHOOK_SECRET,
    },
  };
}

/** MSG91's settings: the key and a DLT template per language, or none of them. */
export function msg91Of(e: Env): Msg91Settings | undefined {
  const anyCodeTemplate = Object.values(perLanguage(e, "MSG91_CODE_TEMPLATE")).some(Boolean);
  if (!e.MSG91_AUTH_KEY && !anyCodeTemplate && !e.MSG91_NEWS_TEMPLATES_EN) return undefined;
  if (!e.MSG91_AUTH_KEY) throw missing("MSG91_AUTH_KEY", "a MSG91_CODE_TEMPLATE_*");
  return {
    apiUrl: (e.MSG91_API_URL ?? "https://control.msg91.com/api/v5").replace(/\/+$/, ""),
    authKey: e.MSG91_AUTH_KEY,
    ...(e.MSG91_SENDER ? { sender: e.MSG91_SENDER } : {}),
    codeTemplates: everyLanguage(e, "MSG91_CODE_TEMPLATE", "MSG91_AUTH_KEY"),
    ...msg91NewsOf(e),
  };
}

/** An S3-compatible bucket for pictures, from S3_URL or the S3_* and AWS_* settings. */
export interface ObjectStorageSettings {
  bucket: string;
  /** Anything but AWS itself (MinIO, Garage, R2…): its URL. */
  endpoint?: string;
  region: string;
  /** Undefined: the SDK's own chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
}

const S3_URL_HELP =
  "must name the bucket: s3://BUCKET (AWS) or http(s)://[KEY:SECRET@]HOST[:PORT]/BUCKET (any S3-compatible server)";

/**
 * The bucket from S3_URL (which wins) or S3_BUCKET and friends; undefined when neither is set. S3_URL takes
 * `s3://BUCKET` (AWS) or `https://KEY:SECRET@host:port/BUCKET` (path style, an S3-compatible server).
 */
export function objectStorageOf(e: Env): ObjectStorageSettings | undefined {
  const region = e.S3_REGION ?? "us-east-1";
  const fromEnv = {
    accessKeyId: e.AWS_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY || undefined,
  };
  if (e.S3_URL) {
    let url: URL;
    try {
      url = new URL(e.S3_URL);
    } catch {
      throw new Error(`Invalid configuration: S3_URL: ${S3_URL_HELP}`);
    }
    const userinfo = url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : fromEnv;
    if (url.protocol === "s3:") {
      if (!url.hostname) throw new Error(`Invalid configuration: S3_URL: ${S3_URL_HELP}`);
      return { bucket: url.hostname, region, forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false, ...userinfo };
    }
    const bucket = url.pathname.split("/").filter(Boolean)[0];
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !bucket) {
      throw new Error(`Invalid configuration: S3_URL: ${S3_URL_HELP}`);
    }
    return {
      bucket: decodeURIComponent(bucket),
      endpoint: `${url.protocol}//${url.host}`,
      region,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
      ...userinfo,
    };
  }
  if (e.S3_BUCKET) {
    return {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      ...fromEnv,
    };
  }
  if (e.S3_ENDPOINT) throw new Error("Invalid configuration: S3_BUCKET: required when S3_ENDPOINT is set");
  return undefined;
}
