// The shape of a server answer as the client receives it: JSON turns every Date into its text.

/** T as it arrives over HTTP: Date fields become ISO strings, in nested objects and arrays too. */
export type Wire<T> = T extends Date ? string
  : T extends (infer U)[] ? Wire<U>[]
  : T extends object ? { [K in keyof T]: Wire<T[K]> }
  : T;
