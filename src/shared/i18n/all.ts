import { hi } from "./hi.ts";
import { registerEnglish, registerTranslations } from "./localize.ts";
import { mr } from "./mr.ts";
import { schemaTexts } from "./schema-texts.ts";

/** Every language's shared texts at once, for the server (it answers in each caller's language). */
registerEnglish(schemaTexts);
registerTranslations("hi", hi);
registerTranslations("mr", mr);
