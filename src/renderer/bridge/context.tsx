import { createContext, type ReactNode, useContext } from 'react';
import type { Bridge } from '../../shared/bridge';

const BridgeContext = createContext<Bridge | null>(null);

export function BridgeProvider({ bridge, children }: { bridge: Bridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

/** The platform, whichever transport runs it (docs/architecture.md "Renderer"). */
export function useBridge(): Bridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge must be used inside BridgeProvider');
  return bridge;
}
