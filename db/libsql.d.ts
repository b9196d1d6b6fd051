// The part of the native `libsql` driver that db/client.ts touches (its own types pull in Node's).
declare const Database: { prototype: unknown };
export default Database;
