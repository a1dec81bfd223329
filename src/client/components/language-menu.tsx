import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { applyLanguage } from "../lib/language.ts";

/**
 * The language menu (decision 032): each language named in its own script and marked with its `lang`, a
 * native select so it is keyboard-usable everywhere and 44 px tall. The choice applies at once and is kept in
 * this browser; `onChosen` also keeps it elsewhere (the header saves it on a signed-in account).
 */
export function LanguageMenu({
  className = "",
  onChosen,
}: {
  className?: string;
  onChosen?: (language: Language) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const current = i18n.locale as Language;
  return (
    <span className={`inline-flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        value={current}
        lang={current}
        onChange={(event) => {
          const language = event.target.value as Language;
          void applyLanguage(language).then(() => onChosen?.(language));
        }}
        className="min-h-11 rounded-md border border-stone-300 bg-white px-2 text-sm font-medium text-stone-800"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
