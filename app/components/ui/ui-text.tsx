import { useTranslation } from "react-i18next";

/** The screen-reader names of the kit's own controls, in the reader's language. */
export function CloseText() {
  const { t } = useTranslation("common");
  return <span className="sr-only">{t("ui.close")}</span>;
}

export function MoreText() {
  const { t } = useTranslation("common");
  return <span className="sr-only">{t("ui.more")}</span>;
}
