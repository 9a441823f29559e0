import { createContext, useContext } from 'react';

// The CSP nonce only exists while rendering on the server: entry.server provides it, the browser never needs it.
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
