/** The server's texts in every language, from its Lingui catalogues (decision 049). */
export { learnEveryStateName, type Say, sharedTextIn, textsIn } from "./catalogue.ts";
export { PART_STATUS_TEXTS } from "./statuses.ts";
export { UNIT_TEXTS, unitIn } from "./units.ts";
