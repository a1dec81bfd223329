import { hi } from "./hi.ts";
import { registerTranslations } from "./localize.ts";
import { mr } from "./mr.ts";

/** Every language's shared texts at once, for the server (it answers in each caller's language). */
registerTranslations("hi", hi);
registerTranslations("mr", mr);
