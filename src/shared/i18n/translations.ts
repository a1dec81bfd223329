import type { ErrorCode } from "../error-codes.ts";
import type { accountMessages, messages, orderMessages } from "../messages.ts";
import type { schemaTexts } from "./schema-texts.ts";

/** The same keys as the English texts; a text that takes values is a function of the same values. */
type Texts<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

type SchemaTexts = typeof schemaTexts;

/**
 * A language's translations of the texts the server also speaks (decision 032). Typed against the English
 * keys, so a text added in English without its translation fails `npm run typecheck`.
 */
export interface Translations {
  messages: Texts<typeof messages>;
  orderMessages: Texts<typeof orderMessages>;
  accountMessages: Texts<typeof accountMessages>;
  productMessages: Texts<SchemaTexts["productMessages"]>;
  photoMessages: Texts<SchemaTexts["photoMessages"]>;
  likeMessages: Texts<SchemaTexts["likeMessages"]>;
  addressMessages: Texts<SchemaTexts["addressMessages"]>;
  dealPlanMessages: Texts<SchemaTexts["dealPlanMessages"]>;
  paymentMessages: Texts<SchemaTexts["paymentMessages"]>;
  stockMessages: Texts<SchemaTexts["stockMessages"]>;
  phoneMessages: Texts<SchemaTexts["phoneMessages"]>;
  /** What each error code means, said when the server's message is not one of the texts above. */
  errors: Record<ErrorCode, string>;
  /** Texts of the error handler and the shared schemas that are not in src/shared/messages.ts. */
  other: Texts<typeof otherTexts>;
}

/** English texts the server answers with that live outside src/shared/messages.ts. */
export const otherTexts = {
  serverFault: "Something went wrong on our side. Please try again.",
  notFound: "Not found",
  forbidden: "You are not allowed to do that",
  invalidInput: "Invalid input",
  chooseLanguage: "Please choose English, Hindi or Marathi",
  bodyTooLarge: "The request body is too large",
  unsupportedType: "Unsupported content type; send JSON (or multipart for uploads)",
  emptyBody: "The request body is empty; send JSON",
  invalidJson: "The request body is not valid JSON",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request",
} as const;
