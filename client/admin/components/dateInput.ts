// The value of a datetime-local input as the server reads it.

/** "YYYY-MM-DDTHH:mm" of a datetime-local input, read in UTC+8 as the screens show times. */
export const localToInstant = (v: string) => (v ? `${v.replace("T", " ")}:00` : null);
