/** How many campaigns a change may take, shared by the use cases and the screens that chunk a selection. */

/** The most campaigns one confirmation may change ("every campaign matching the filters" included). */
export const MAX_CHANGE_SELECTION = 10_000;
/** One apply request's selection at most; the UI sends larger selections in chunks of one batch. */
export const MAX_CAMPAIGNS_PER_REQUEST = 500;
