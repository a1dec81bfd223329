import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";

type Section = "terms" | "privacy";

/** The headings of the two sections; the one the route names is scrolled to and focused. */
function useLandOnSection(section: Section) {
  const termsHeading = useRef<HTMLHeadingElement>(null);
  const privacyHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = (section === "privacy" ? privacyHeading : termsHeading).current;
    if (!heading) return;
    // NOTE: the terms come first, so /terms opens at the page's top with its title in view; scrolled to its
    // heading, the title and the heading's first line sat under the sticky header (issue 40 item 21).
    if (section === "terms") window.scrollTo?.({ top: 0 });
    else heading.scrollIntoView?.({ block: "start" });
    heading.focus({ preventScroll: true });
  }, [section]);
  return { termsHeading, privacyHeading };
}

const navLink =
  "rounded-full bg-brand-50 px-4 py-1.5 font-medium text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100";

/** /terms and /privacy: one page; each route lands on its own section (scrolled to and focused). */
export function TermsPage() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const section: Section = pathname.toLowerCase().startsWith("/privacy") ? "privacy" : "terms";
  const { termsHeading, privacyHeading } = useLandOnSection(section);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:py-14">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Trans>Legal</Trans>
      </p>
      <h1 className="mt-1 text-3xl font-extrabold text-brand-900 sm:text-4xl">
        <Trans>Terms and Privacy</Trans>
      </h1>
      <p className="mt-3 text-stone-700">
        <Trans>The rules of the shop and what we do with your data, in plain words.</Trans>
      </p>
      <nav aria-label={t`On this page`} className="mt-6 flex flex-wrap gap-3 text-sm">
        <Link className={navLink} to="/terms">
          <Trans>Terms of Service</Trans>
        </Link>
        <Link className={navLink} to="/privacy">
          <Trans>Privacy Policy</Trans>
        </Link>
      </nav>
      <LegalSection
        id="terms"
        className="mt-10"
        title={<Trans>Terms of Service</Trans>}
        headingRef={termsHeading}
      >
        <TermsClauses />
      </LegalSection>
      <LegalSection
        id="privacy"
        className="mt-8"
        title={<Trans>Privacy Policy</Trans>}
        headingRef={privacyHeading}
      >
        <PrivacyClauses />
      </LegalSection>
    </div>
  );
}

/** One of the page's two parts, its heading the place a route lands on. */
function LegalSection({
  id,
  className,
  title,
  headingRef,
  children,
}: {
  id: Section;
  className: string;
  title: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${className} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8`}
    >
      <h2 id={id} ref={headingRef} tabIndex={-1} className="scroll-mt-36 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-4 space-y-5 text-stone-800">{children}</div>
    </section>
  );
}

function TermsClauses() {
  const { t } = useLingui();
  return (
    <>
      <Clause title={t`1. Your account`}>
        <Trans>
          You must be at least 18 years old to create an account on Veggie Cart. Keep your password to
          yourself; you are responsible for what is done with your account.
        </Trans>
      </Clause>
      <Clause title={t`2. Orders, delivery and processing`}>
        <Trans>
          Every order is processed and delivered within 24 hours of being placed, unless its farmer offers
          delivery and pickup slots: then it is delivered, or ready for pickup, in the slot you choose at
          checkout. Prices are in Indian rupees and are confirmed by the shop when you place the order.
          Shipping is free.
        </Trans>
      </Clause>
      <Clause title={t`3. Returns and refunds`}>
        <Trans>
          You may return an item within 7 days of delivery if it is damaged, spoiled or not what you ordered.
          Start a return from the contact page. You pay either online when you place the order, by card, UPI
          or net banking, or each farmer when you get your order, in cash or by UPI. What you paid online for
          more than your weighed bill, or for a part that is cancelled, is refunded automatically to how you
          paid. An accepted return is refunded in cash or by UPI.
        </Trans>
      </Clause>
      <Clause title={t`4. Farmers' listings`}>
        <Trans>
          Any account holder may list products they grow or make. A listing must describe the product
          truthfully, with its real price and a photo of the product. Only the creator of a listing may delete
          it, and the farmer is responsible for the produce they sell.
        </Trans>
      </Clause>
      <Clause title={t`5. Messages`}>
        <Trans>
          Use the contact and FAQ forms for questions about orders and produce. Messages are limited in number
          per minute to protect farmers from floods.
        </Trans>
      </Clause>
    </>
  );
}

function PrivacyClauses() {
  const { t } = useLingui();
  return (
    <>
      <Clause title={t`What we keep`}>
        <Trans>
          Your name, e-mail address and a hash of your password (never the password itself); your orders with
          their shipping address and phone number; the products you list and the products you like; and the
          messages you send through the contact and FAQ forms, with the account that sent them.
        </Trans>
      </Clause>
      <Clause title={t`Who sees it`}>
        <Trans>
          A contact message is shown only to the farmer you address. A message to the site creator is read
          only by the people who run Veggie Cart. We do not sell your data.
        </Trans>
      </Clause>
      <Clause title={t`Cookies and storage`}>
        <Trans>
          One cookie keeps you signed in. Your cart is kept in your own browser. The products you like are
          kept on your account, so they follow you to every device you sign in on; your browser keeps a copy
          of the list until you sign out.
        </Trans>
      </Clause>
      <Clause title={t`Age`}>
        <Trans>
          Veggie Cart is for people aged 18 or over; we do not knowingly keep data about anyone younger.
        </Trans>
      </Clause>
      <Clause title={t`Your choices`}>
        <Trans>Write to us through the FAQ page to see, correct or delete what we keep about you.</Trans>
      </Clause>
    </>
  );
}

function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <p className="mt-1">{children}</p>
    </div>
  );
}
