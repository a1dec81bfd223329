import type { ReactNode } from "react";
import { LanguageMenu } from "../../components/language-menu.tsx";
import { LogoMark } from "../../components/logo.tsx";
import { rememberSignedOutChoice } from "../../lib/language.ts";

/** The frame shared by the sign-in and sign-up screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-lime-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-stone-200">
        <div className="mb-6 text-center">
          <LogoMark className="mx-auto h-14 w-14" />
          <h1 className="mt-2 text-2xl font-bold text-brand-900">{title}</h1>
          <p className="mt-1 text-stone-600">{subtitle}</p>
        </div>
        {children}
        {/* NOTE: these screens have no header, so they carry the language menu themselves (decision 032); last,
            so the keyboard reaches the form first. */}
        <div className="mt-6 flex justify-center">
          {/* NOTE: a choice made here, signed out, wins over the account's at the next sign-in (issue 40 item 13). */}
          <LanguageMenu onChosen={rememberSignedOutChoice} />
        </div>
      </div>
    </main>
  );
}
