import type { PhoneChannel } from "../../shared/schemas/phone.ts";

/**
 * What the shop can reach a phone by (issue 37), as GET /api/auth/me tells it at every start: whether a
 * sign-in code can be sent, and the channels order news goes on. Production without a WhatsApp or SMS provider
 * offers neither; the server says so only then, so until told (and when not told), both.
 */
// NOTE: written out, not the schema's PHONE_CHANNELS: the first screen carries no zod (decision 043).
const BOTH: readonly PhoneChannel[] = ["whatsapp", "sms"];
let signIn = true;
let channels = BOTH;

export function setPhoneReach(said: { phoneSignIn?: false; phoneChannels?: readonly PhoneChannel[] }): void {
  signIn = said.phoneSignIn !== false;
  channels = said.phoneChannels ?? BOTH;
}

/** What the server said, to hand a server-drawn page's state to the browser. */
export const phoneReach = (): { phoneSignIn?: false; phoneChannels?: readonly PhoneChannel[] } => ({
  ...(signIn ? {} : { phoneSignIn: false as const }),
  ...(channels.length === BOTH.length ? {} : { phoneChannels: channels }),
});

/** Whether the sign-in screens offer "Use my mobile number instead", and /account adding a number. */
export const phoneSignInOffered = () => signIn;
/** The phone channels /account offers for order news. */
export const phoneChannelsOffered = () => channels;
