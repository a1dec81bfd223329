import type { CartItem } from "../../shared/schemas/cart.ts";
import { cartList } from "./cart.ts";
import { useStoredList } from "./storage.ts";

export {
  addToCart,
  clearCart,
  maxQuantityOf,
  readCart,
  rememberStock,
  removeFromCart,
  setCartQuantity,
} from "./cart.ts";

/** The cart's lines, re-rendering on every change in this tab or another (the rules are in cart.ts). */
export function useCart(): readonly CartItem[] {
  return useStoredList(cartList);
}
