import { text } from "./i18n/text.ts";
/**
 * Photos from a phone (decision 028): the browser takes up to MAX_PHOTO_BYTES and resizes a photo to at most
 * MAX_IMAGE_WIDTH wide before upload; the server's own limit (MAX_IMAGE_BYTES) and checks stay. Apart from
 * product-form.ts, so the first screen does not carry it.
 */

/** The largest photo the product form takes: a phone camera's. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** The widest variant the server keeps of a picture: the browser sends nothing wider. */
export const MAX_IMAGE_WIDTH = 1280;

export const photoMessages = {
  tooLarge: text(/*i18n*/ { id: "The photo must be at most 25 MB." }),
  unreadable: text(/*i18n*/ { id: "This photo could not be read. Please choose another one." }),
} as const;
