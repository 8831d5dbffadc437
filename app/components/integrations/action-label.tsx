import { Trans, useTranslation } from "react-i18next";

/** The catalog keys ("integrations" namespace) of a card's actions, each naming its platform. */
const ACTION_KEYS = {
  connect: "actions.connect",
  reconnect: "actions.reconnect",
  disconnect: "actions.disconnect",
  manage: "actions.manage",
  syncNow: "actions.syncNow",
  choose: "actions.choose",
} as const;

type CardAction = keyof typeof ACTION_KEYS;

/**
 * A card button's words: the action is shown ("Connect"), and its accessible name also says the
 * platform ("Connect Google Ads"), in each language's own word order, so that no two controls that
 * do different things share a name.
 */
export function ActionLabel({ action, platform }: { action: CardAction; platform: string }) {
  const { t } = useTranslation("integrations");
  return (
    <Trans
      t={t}
      i18nKey={ACTION_KEYS[action]}
      values={{ platform }}
      components={{ hidden: <span className="sr-only" /> }}
    />
  );
}
