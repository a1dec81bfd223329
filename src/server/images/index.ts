export { requestedWidth, sendImage } from "./image-reply.ts";
export { admitUpload, imageQueue } from "./image-work.ts";
export { forgetUser } from "./images.repository.ts";
export { imagesRoutes } from "./images.routes.ts";
export {
  copyImage,
  deleteImage,
  dropImageObjects,
  imageUrl,
  imageWidths,
  type PreparedImage,
  type PreparedVariant,
  pickWidth,
  prepareImage,
  saveImage,
  saveImageIfMissing,
  withNewImage,
} from "./images.service.ts";
