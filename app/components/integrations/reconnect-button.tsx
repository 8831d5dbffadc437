import { RefreshCw } from "lucide-react";
import { PermissionGate, useRefusalReason } from "#app/components/access/permission-gate.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionLabel } from "./action-label.tsx";
import { ConnectForm } from "./connect-form.tsx";
import type { IntegrationCard } from "./integrations-types.ts";
import { StoreAddressDialog } from "./store-address-dialog.tsx";

/**
 * A failing connection's way back: the same consent flow as Connect (a store asks its address
 * again). A role that may not manage connections sees it disabled, with the reason.
 */
export function ReconnectButton({ listing }: { listing: IntegrationCard["listing"] }) {
  if (useRefusalReason()("connections.manage"))
    return (
      <PermissionGate permission="connections.manage">
        {() => (
          <Button size="sm" disabled>
            <RefreshCw aria-hidden="true" />
            <ActionLabel action="reconnect" platform={listing.name} />
          </Button>
        )}
      </PermissionGate>
    );
  if (listing.storeAddress) return <StoreAddressDialog listing={listing} isReconnect />;
  return <ConnectForm platformId={listing.id} platformName={listing.name} isReconnect />;
}
