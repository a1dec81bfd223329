import { describe, expect, it } from "vitest";
import { photoMessages } from "../../../shared/photo.ts";
import { likeMessages } from "../../../shared/schemas/likes.ts";
import { productMessages } from "../../../shared/schemas/product-form.ts";
import { inLanguage } from "../../test/render.tsx";
import { likeToasts, photoProblems, productToasts } from "./product-texts.ts";

describe("the product's toasts in each language", () => {
  it("say in English exactly the product's texts", () => {
    const name = "Okra";
    expect(productToasts.notSignedIn()).toBe(productMessages.notSignedIn);
    expect(productToasts.fillAllFields()).toBe(productMessages.fillAllFields);
    expect(productToasts.added(name)).toBe(productMessages.added(name));
    expect(productToasts.addFailed()).toBe(productMessages.addFailed);
    expect(productToasts.deleted()).toBe(productMessages.deleted);
    expect(productToasts.deleteFailed()).toBe(productMessages.deleteFailed);
    expect(productToasts.loadFailed()).toBe(productMessages.loadFailed);
    expect(productToasts.addedToCart(name)).toBe(productMessages.addedToCart(name));
    expect(productToasts.quantityUpdated(name)).toBe(productMessages.quantityUpdated(name));
    expect(productToasts.newDeal()).toBe(productMessages.newDeal);
    expect(productToasts.updated(name)).toBe(productMessages.updated(name));
    expect(photoProblems.imageType()).toBe(productMessages.imageType);
    expect(photoProblems.tooLarge()).toBe(photoMessages.tooLarge);
    expect(photoProblems.unreadable()).toBe(photoMessages.unreadable);
    expect(likeToasts.tooMany()).toBe(likeMessages.tooMany);
    expect(likeToasts.notSaved()).toBe(likeMessages.notSaved);
  });

  it("say them in Hindi and Marathi, with the product's name as its farmer wrote it", async () => {
    await inLanguage("hi");
    expect(productToasts.addedToCart("टमाटर")).toBe("टमाटर टोकरी में डाला गया!");
    expect(productToasts.loadFailed()).toBe("उत्पाद लोड नहीं हो सके। कृपया थोड़ी देर बाद कोशिश करें।");
    await inLanguage("mr");
    expect(productToasts.added("Okra")).toBe('उत्पादन "Okra" जोडले!');
    expect(photoProblems.tooLarge()).toBe("फोटो 25 MB पेक्षा मोठा नसावा.");
  });
});
