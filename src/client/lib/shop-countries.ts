/**
 * The countries the shop delivers to (the server's `SHOP_COUNTRIES`, decision 047), as GET /api/auth/me tells
 * it at every start; until then India alone. With India alone, checkout does not ask the country.
 */
// NOTE: "IN" written out, not the orders schema's DEFAULT_COUNTRY: the first screen's session check sets it.
let shopCountries: readonly string[] = ["IN"];

export function setShopCountries(countries: readonly string[] | undefined): void {
  if (countries && countries.length > 0) shopCountries = countries;
}

export const getShopCountries = () => shopCountries;
