import { APP, addressOf, compose, greeting, type Recipient, sayTo } from "./compose.ts";
import type { Mail } from "./mail.ts";

export type { Recipient } from "./compose.ts";
// Every mail's template is read from here: the account's below, the orders' from their own files.
export { billMail, buyerCancelledMail, newPartMail, orderConfirmationMail } from "./order-mails.ts";
export {
  type MovedStatus,
  notHomeMail,
  orderUpdatesMail,
  type PartUpdate,
  partStatusMail,
  slotClosedMail,
} from "./part-mails.ts";
export {
  latePaymentRefundedMail,
  latePaymentRestoredMail,
  paymentNotCompletedMail,
} from "./payment-mails.ts";

// The account's mails. Their texts are in the server's catalogue (decision 049); a subject tests look for is
// exported as its English.

const PASSWORD_RESET = /*i18n*/ {
  id: "Reset your Veggie Cart password",
  comment: "Subject of the password reset mail",
};
export const PASSWORD_RESET_SUBJECT = PASSWORD_RESET.id;

export function passwordResetMail(to: Recipient, name: string, url: string, validMinutes: number): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(PASSWORD_RESET),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "Someone (we hope you) asked to reset the password of your {appTitle} account. The link works once, for {minutes} minutes.",
          },
          { ...APP, minutes: validMinutes },
        ),
      ],
      link: {
        label: say(/*i18n*/ { id: "Set a new password", comment: "The password reset mail's link" }),
        url,
      },
      after: [
        say(
          /*i18n*/ { id: "If you did not ask for this, ignore this e-mail: your password stays as it is." },
        ),
      ],
    },
    true,
  );
}

const EMAIL_CHANGE = /*i18n*/ {
  id: "Confirm your new e-mail address",
  comment: "Subject of the mail to a new address",
};
export const EMAIL_CHANGE_SUBJECT = EMAIL_CHANGE.id;

export function emailChangeConfirmMail(to: Recipient, name: string, url: string, validHours: number): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(EMAIL_CHANGE),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "Please confirm that {email} is the new e-mail address of your {appTitle} account. The link works once, for {hours} hours.",
          },
          { ...APP, email: addressOf(to), hours: validHours },
        ),
      ],
      link: {
        label: say(/*i18n*/ { id: "Confirm this address", comment: "The link of the mail to a new address" }),
        url,
      },
      after: [say(/*i18n*/ { id: "If you did not ask for this, ignore this e-mail: nothing changes." })],
    },
    true,
  );
}

const OPERATOR_CLAIM = /*i18n*/ {
  id: "Confirm your operator rights at Veggie Cart",
  comment: "Subject of the operator's mail",
};
export const OPERATOR_CLAIM_SUBJECT = OPERATOR_CLAIM.id;

/** The link that proves an account controls an address listed in OPERATOR_EMAILS (decision 021). */
export function operatorClaimMail(to: Recipient, name: string, url: string, validHours: number): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(OPERATOR_CLAIM),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "This address is one of the shop's operators. Open the link to make your {appTitle} account an operator; it works once, for {hours} hours.",
          },
          { ...APP, hours: validHours },
        ),
      ],
      link: {
        label: say(/*i18n*/ { id: "Confirm operator rights", comment: "The operator's mail's link" }),
        url,
      },
      after: [
        say(
          /*i18n*/ {
            id: "If you did not sign up or sign in at the shop, ignore this e-mail: nothing changes.",
          },
        ),
      ],
    },
    true,
  );
}

const SIGN_IN_LINK = /*i18n*/ {
  id: "Your link to sign in to Veggie Cart",
  comment: "Subject of the sign-in link mail",
};
export const SIGN_IN_LINK_SUBJECT = SIGN_IN_LINK.id;

/** The owner's right password met a throttled account: a way in that no guesser can use (issue 25). */
export function signInLinkMail(to: Recipient, name: string, url: string, validMinutes: number): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(SIGN_IN_LINK),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "Many wrong passwords were tried on your {appTitle} account, so signing in with the password waits a while. Yours was right: this link signs you in once, for {minutes} minutes.",
          },
          { ...APP, minutes: validMinutes },
        ),
      ],
      link: { label: say(/*i18n*/ { id: "Sign in", comment: "The sign-in link mail's link" }), url },
      after: [
        say(
          /*i18n*/ {
            id: "If it was not you who signed in just now, change your password: someone knows it.",
          },
        ),
      ],
    },
    true,
  );
}

export function emailChangeNoticeMail(to: Recipient, name: string, newEmail: string): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(
      /*i18n*/ {
        id: "Your Veggie Cart e-mail address is being changed",
        comment: "Subject of the mail to the old address",
      },
    ),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "Someone signed in to your {appTitle} account asked to change its e-mail address to {email}. It changes once that address is confirmed.",
          },
          { ...APP, email: newEmail },
        ),
        say(
          /*i18n*/ {
            id: "If this was not you, sign in, change your password and sign out everywhere else from your account page.",
          },
        ),
      ],
    },
  );
}

export function emailChangedMail(to: Recipient, name: string, newEmail: string): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(
      /*i18n*/ {
        id: "Your Veggie Cart e-mail address was changed",
        comment: "Subject of the mail to the old address",
      },
    ),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "The e-mail address of your {appTitle} account is now {email}; this address no longer signs in.",
          },
          { ...APP, email: newEmail },
        ),
      ],
    },
  );
}

const SIGN_UP_ATTEMPT = /*i18n*/ {
  id: "Someone tried to sign up with your address",
  comment: "Subject of the mail to the owner of an address someone tried to sign up with",
};
export const SIGN_UP_ATTEMPT_SUBJECT = SIGN_UP_ATTEMPT.id;

/** To the owner of an address someone tried to sign up with: the sign-up itself answers as for a new one. */
export function signUpAttemptMail(to: Recipient, name: string, resetUrl: string): Mail {
  const say = sayTo(to);
  return compose(to, say(SIGN_UP_ATTEMPT), {
    greeting: greeting(say, name),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "Someone tried to create a new {appTitle} account with {email}, which already has one: yours. No new account was made.",
        },
        { ...APP, email: addressOf(to) },
      ),
    ],
    link: {
      label: say(
        /*i18n*/ { id: "Forgot your password? Set a new one", comment: "The link of the same mail" },
      ),
      url: resetUrl,
    },
    after: [say(/*i18n*/ { id: "If it was not you, ignore this e-mail: your account stays as it is." })],
  });
}

export const EMAIL_TAKEN_ATTEMPT_SUBJECT = /*i18n*/ {
  id: "Someone tried to move another account to your address",
  comment: "Subject of the mail to the owner of an address another account tried to move to",
};

/**
 * To the owner of an address another account asked to move to: the request itself answers as for a free
 * address (issue 40 #32), and no link is sent.
 */
export function emailTakenAttemptMail(to: Recipient, name: string, resetUrl: string): Mail {
  const say = sayTo(to);
  return compose(to, say(EMAIL_TAKEN_ATTEMPT_SUBJECT), {
    greeting: greeting(say, name),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "Someone signed in to another {appTitle} account asked to change its address to {email}, which is already yours. Nothing was changed, and no account can take your address.",
          comment: "Mail to the owner of an address another account tried to move to",
        },
        { ...APP, email: addressOf(to) },
      ),
    ],
    link: {
      label: say(/*i18n*/ { id: "Worried? Set a new password", comment: "The link of the same mail" }),
      url: resetUrl,
    },
    after: [
      say(
        /*i18n*/ {
          id: "If you know about it, ignore this e-mail: your account stays as it is.",
          comment: "The last line of the same mail",
        },
      ),
    ],
  });
}

export function welcomeMail(to: Recipient, name: string, shopUrl: string): Mail {
  const say = sayTo(to);
  return compose(
    to,
    say(/*i18n*/ { id: "Welcome to {appTitle}", comment: "Subject of the mail to a new account" }, APP),
    {
      greeting: greeting(say, name),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "Your {appTitle} account is ready. Buy fresh produce straight from the farmers who grow it, or list your own harvest for others to buy.",
          },
          APP,
        ),
      ],
      link: {
        label: say(/*i18n*/ { id: "Open the shop", comment: "The link of the mail to a new account" }),
        url: shopUrl,
      },
    },
  );
}

const PHONE_CODE_LOCKED = /*i18n*/ {
  id: "Someone typed wrong codes for your mobile number",
  comment: "Subject of the mail to an account's owner when a code sent to its number died of wrong tries",
};
export const PHONE_CODE_LOCKED_SUBJECT = PHONE_CODE_LOCKED.id;

/**
 * To the owner of a number whose code died of 3 wrong tries (issue 37): by e-mail, the account's other way in,
 * with the number's last digits only.
 */
export function phoneCodeLockedMail(to: Recipient, name: string, numberEnd: string): Mail {
  const say = sayTo(to);
  return compose(to, say(PHONE_CODE_LOCKED), {
    greeting: greeting(say, name),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "A sign-in code we sent to your mobile number ending in {numberEnd} was typed wrong 3 times, so it no longer works.",
        },
        { numberEnd },
      ),
    ],
    after: [
      say(
        /*i18n*/ {
          id: "If it was you, ask for a new code. If it was not, nobody got in: someone knows your number and tried to guess.",
        },
      ),
    ],
  });
}
