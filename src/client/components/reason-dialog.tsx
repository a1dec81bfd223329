import { useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "./button.tsx";
import { ModalDialog } from "./modal-dialog.tsx";
import { TextAreaField } from "./text-area-field.tsx";

/**
 * Asks why before an action that needs a reason (an operator's hide or suspend, a farmer's or the operator's
 * cancel): the reason is required and goes to the person affected. `onConfirm` answers an error message for
 * the field, or nothing when it worked.
 */
export function ReasonDialog({
  title,
  intro,
  confirmLabel,
  busyLabel = confirmLabel,
  backLabel,
  requiredMessage,
  danger = false,
  maxLength,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  backLabel?: string;
  requiredMessage?: string;
  danger?: boolean;
  maxLength: number;
  busy: boolean;
  onConfirm: (reason: string) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      setError(requiredMessage ?? t`Please give a reason`);
      return;
    }
    const problem = await onConfirm(reason.trim());
    if (problem) setError(problem);
    else onClose();
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <div className="text-stone-700">{intro}</div>
        <TextAreaField
          label={t`Reason`}
          name="reason"
          rows={3}
          required
          maxLength={maxLength}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          className="mt-4"
          data-autofocus
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {backLabel ?? t`Back`}
          </Button>
          <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
