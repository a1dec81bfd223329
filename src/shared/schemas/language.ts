import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";

/**
 * A language the shop speaks, as a request names it. NOTE: beside the schemas rather than in i18n/languages.ts,
 * which the first screen imports without zod (decision 037).
 */
export const LanguageSchema = z.enum(LANGUAGES, "Please choose one of the shop's languages");
