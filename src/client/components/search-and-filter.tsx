import { Trans } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Button } from "./button.tsx";
import { SelectField } from "./select-field.tsx";
import { TextField } from "./text-field.tsx";

/**
 * A search box (searched on Enter or Search) beside a filter select, over one of the operator's lists.
 * `onSearch` gets the trimmed text; `onFilter` the chosen option at once.
 */
export function SearchAndFilter<F extends string>({
  searchLabel,
  filterLabel,
  filter,
  options,
  onSearch,
  onFilter,
}: {
  searchLabel: string;
  filterLabel: string;
  filter: F;
  options: readonly { value: F; label: string }[];
  onSearch: (text: string) => void;
  onFilter: (value: F) => void;
}) {
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <TextField
            label={searchLabel}
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            <Trans>Search</Trans>
          </Button>
        </form>
      </search>
      <SelectField
        label={filterLabel}
        value={filter}
        onChange={(event) => onFilter(event.target.value as F)}
        options={options}
      />
    </div>
  );
}
