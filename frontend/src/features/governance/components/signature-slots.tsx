// Where the signing feature shows itself on the governance page (spec §16 Signing): a passed resolution's
// certificate and each trustee's signed declaration. The app fills the slots (features do not import each
// other); without them the page shows no signatures.
import { createContext, useContext, type ReactNode } from 'react';

export type GovernanceSignatureSlots = {
  /** Under a resolution's card. */
  resolution?: (resolution: { id: number; status: string }) => ReactNode;
  /** Beside a member of a declarations round. */
  declaration?: (declaration: { roundId: number; userId: number; declared: boolean }) => ReactNode;
};

const SignatureSlots = createContext<GovernanceSignatureSlots>({});

export const SignatureSlotsProvider = SignatureSlots.Provider;

export const useSignatureSlots = () => useContext(SignatureSlots);
