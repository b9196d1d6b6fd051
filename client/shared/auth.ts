// The sign-in token, kept in the Admin-Token cookie as spec §4 says.
import { getCookie, removeCookie, setCookie } from "./cookies.ts";

const TOKEN_COOKIE = "Admin-Token";

export const getToken = () => getCookie(TOKEN_COOKIE);
export const setToken = (token: string) => setCookie(TOKEN_COOKIE, token);
export const removeToken = () => removeCookie(TOKEN_COOKIE);
