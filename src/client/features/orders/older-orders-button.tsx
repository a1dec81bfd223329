import { useLingui } from "@lingui/react/macro";
import { type MorePages, ShowMoreButton } from "../../components/show-more-button.tsx";

/** "Show older orders" under a paged list of orders or fulfilments; nothing once the last page is shown. */
export function OlderOrdersButton({ pages, className = "" }: { pages: MorePages; className?: string }) {
  const { t } = useLingui();
  return <ShowMoreButton pages={pages} label={t`Show older orders`} className={className} />;
}
