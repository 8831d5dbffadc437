/**
 * What the conversion settings say when they refuse (English; the app translates them through
 * app/locales/<language>/messages-conversions.json).
 */
export const CONVERSION_MESSAGES = {
  chooseAction: "Choose a conversion action.",
  chooseCounted: "Choose whether this action counts as a conversion.",
  chooseSource: "Choose platform-reported or store revenue.",
  unknownPlatform: "Choose one of the ad platforms.",
  notFound: "This conversion action no longer exists. Refresh the page to see the current list.",
  storeNeeded: "Connect Shopify or WooCommerce before choosing store revenue.",
} as const;
