import { createContext, useContext } from "react";

/**
 * The nonce of this response's Content-Security-Policy (runtime/security-headers.ts), set by
 * app/entry.server.tsx for the server render; every inline script carries it. In the browser it is
 * empty: the scripts are in the page already, and browsers hide a nonce from the DOM anyway.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
