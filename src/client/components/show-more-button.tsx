import { useLingui } from "@lingui/react/macro";
import { Button } from "./button.tsx";

/** What a paged list (TanStack Query's infinite query) offers the button. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Show more" under a paged list; nothing once the last page is shown. */
export function ShowMoreButton({
  pages,
  label,
  className = "",
}: {
  pages: MorePages;
  label: string;
  className?: string;
}) {
  const { t } = useLingui();
  if (!pages.hasNextPage) return null;
  return (
    <div className={`text-center ${className}`}>
      <Button variant="secondary" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? t`Loading...` : label}
      </Button>
    </div>
  );
}
