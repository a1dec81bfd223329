import { t } from "@lingui/core/macro";
import { MAX_LIKES } from "../../../shared/constants.ts";

/**
 * The product's toasts (`productMessages`, product rules §8) in the reader's language. English is the same
 * words as the shared texts (product-texts.test.ts holds them equal); the server never sends these.
 */
export const productToasts = {
  notSignedIn: () => t`You must be logged in to add a product`,
  fillAllFields: () => t`Please fill out all fields and upload an image.`,
  added: (name: string) => t`Product "${name}" added successfully!`,
  addFailed: () => t`Error adding product. Please try again.`,
  deleted: () => t`Product deleted successfully!`,
  deleteFailed: () => t`Error deleting product. Please try again.`,
  loadFailed: () => t`Error loading products. Please try again later.`,
  addedToCart: (name: string) => t`${name} added to cart!`,
  quantityUpdated: (name: string) => t`${name} quantity updated!`,
  newDeal: () => t`New deal of the day is available!`,
  updated: (name: string) => t`Product "${name}" updated successfully!`,
};

/** A like the server did not keep (`likeMessages`). */
export const likeToasts = {
  tooMany: () => t`You can like up to ${MAX_LIKES} products. Unlike some to like more.`,
  notSaved: () => t`Your like could not be saved. Please try again.`,
};

/** Why a chosen photo
 cannot be used, said in the browser (`photoMessages`, `productMessages.imageType`). */
export const photoProblems = {
  imageType: () => t`Please choose a JPEG, PNG, WebP, GIF or AVIF image.`,
  tooLarge: () => t`The photo must be at most 25 MB.`,
  unreadable: () => t`This photo could not be read. Please choose another one.`,
};
