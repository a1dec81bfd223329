import { Button } from "../../components/button.tsx";

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Show older orders" under a paged list of orders or fulfilments; nothing once the last page is shown. */
export function OlderOrdersButton({ pages, className = "" }: { pages: Pages; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={`text-center ${className}`}>
      <Button variant="secondary" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? "Loading..." : "Show older orders"}
      </Button>
    </div>
  );
}
