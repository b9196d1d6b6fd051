// How a priced line's numbers are written: read the same by the server and by the portal's form.

/** A unit price: up to 12 digits, and up to 6 after the point. */
export const PRICE = /^\d{1,12}(\.\d{1,6})?$/;
/** A tax rate in percent: up to 3 digits, and up to 2 after the point. */
export const RATE = /^\d{1,3}(\.\d{1,2})?$/;
/** A number of days (payment term, lead time): up to 4 digits. */
export const DAYS = /^\d{1,4}$/;
