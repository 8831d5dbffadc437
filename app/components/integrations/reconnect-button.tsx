import { ConnectForm } from "./connect-form.tsx";
import type { IntegrationCard } from "./integrations-types.ts";
import { StoreAddressDialog } from "./store-address-dialog.tsx";

/** A failing connection's way back: the same consent flow as Connect (a store asks its address again). */
export function ReconnectButton({ listing }: { listing: IntegrationCard["listing"] }) {
  if (listing.storeAddress) return <StoreAddressDialog listing={listing} isReconnect />;
  return <ConnectForm platformId={listing.id} isReconnect />;
}
