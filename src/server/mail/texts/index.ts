import type { Language } from "../../../shared/i18n/index.ts";
import { en, type MailTexts } from "./en.ts";
import { hi } from "./hi.ts";
import { mr } from "./mr.ts";

const catalogues: Record<Language, MailTexts> = { en, hi, mr };

/** The mail texts of a language (the recipient's account language, decision 032). */
export const mailTexts = (language: Language): MailTexts => catalogues[language];
