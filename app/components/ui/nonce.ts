import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (server/security-headers.ts),
 * given by entry.server.tsx, for the inline scripts Remix renders. Undefined in the browser: there
 * the scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
