/**
 * TikTok's standard pixel events the sandbox reports on: the event's code (what the engine names
 * the action), its optimisation event (what ad groups and the pixel list call it) and the report
 * metrics of its count and total value at data_level AUCTION_CAMPAIGN.
 */
export interface TikTokEvent {
  code: string;
  optimizationEvent: string;
  countMetric: string;
  valueMetric: string;
}

export const TIKTOK_EVENTS: readonly TikTokEvent[] = [
  {
    code: "CompletePayment",
    optimizationEvent: "SHOPPING",
    countMetric: "complete_payment",
    // TikTok's name for the purchase value.
    valueMetric: "total_complete_payment_rate",
  },
  {
    code: "AddToCart",
    optimizationEvent: "ON_WEB_CART",
    countMetric: "web_event_add_to_cart",
    valueMetric: "total_web_event_add_to_cart_value",
  },
  {
    code: "InitiateCheckout",
    optimizationEvent: "INITIATE_ORDER",
    countMetric: "initiate_checkout",
    valueMetric: "total_initiate_checkout_value",
  },
  { code: "SubmitForm", optimizationEvent: "FORM", countMetric: "form", valueMetric: "total_form_value" },
  {
    code: "CompleteRegistration",
    optimizationEvent: "ON_WEB_REGISTER",
    countMetric: "user_registration",
    valueMetric: "total_user_registration_value",
  },
  {
    code: "PlaceAnOrder",
    optimizationEvent: "ON_WEB_ORDER",
    countMetric: "on_web_order",
    valueMetric: "total_on_web_order_value",
  },
];

/** Event metrics a campaign report serves besides REPORT_METRICS (complete_payment is there already). */
export const EVENT_REPORT_METRICS = TIKTOK_EVENTS.flatMap((event) => [event.countMetric, event.valueMetric]).filter(
  (metric) => metric !== "complete_payment" && metric !== "total_complete_payment_rate",
);

/** TikTok's attribution window enums by days. */
export function attributionWindowOf(days: number, kind: "click" | "view"): string {
  if (days <= 0) return "OFF";
  if (kind === "view") return days >= 7 ? "SEVEN_DAYS" : "ONE_DAY";
  if (days >= 28) return "TWENTY_EIGHT_DAYS";
  if (days >= 14) return "FOURTEEN_DAYS";
  return days >= 7 ? "SEVEN_DAYS" : "ONE_DAY";
}
