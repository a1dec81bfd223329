/**
 * A form's own message: a refusal no single field explains, or a message that speaks of several fields at
 * once. The fields it concerns point at it by `id` (`aria-describedby`).
 */
export function FormMessage({
  id,
  message,
  className = "",
}: {
  id: string;
  message: string | null;
  className?: string;
}) {
  return message ? (
    <p
      id={id}
      role="alert"
      className={`rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ${className}`}
    >
      {message}
    </p>
  ) : null;
}
