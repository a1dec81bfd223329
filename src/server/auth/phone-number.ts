import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { phoneMessages } from "../../shared/schemas/phone.ts";
import { AppError } from "../http/index.ts";

/**
 * A typed mobile number as E.164, India's by default (a number typed without a country code is read as
 * Indian); a landline, a too-short or otherwise impossible number is a 400 naming the field. The `mobile`
 * metadata of libphonenumber-js knows only mobile ranges, so a valid number is a mobile one (decision 054).
 */
export function mobileNumber(typed: string, field = "phone"): string {
  const parsed = parsePhoneNumberFromString(typed, "IN");
  if (!parsed?.isValid()) {
    throw new AppError("validation_failed", phoneMessages.notMobile, { [field]: phoneMessages.notMobile });
  }
  return parsed.number;
}
