// Sign-in's use of the password hashes of shared/password.ts.
import { hashPassword } from "../shared/password.ts";

// bench/signin.ts reads it from here.

/** A hash of a random password, checked against when the account does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));
