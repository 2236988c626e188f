// The governance page with the signatures of passed resolutions and of each trustee's declaration
// (spec §16 Signing): the app puts the features together, as features do not import each other.
import { GovernancePage } from '@/features/governance/components/governance-page';
import type { GovernanceSignatureSlots } from '@/features/governance/components/signature-slots';
import { DeclarationSignature } from '@/features/signing/components/declaration-signature';
import { ResolutionCertificate } from '@/features/signing/components/resolution-certificate';

const signatures: GovernanceSignatureSlots = {
  resolution: (r) => <ResolutionCertificate resolutionId={r.id} status={r.status} />,
  declaration: (d) => (
    <DeclarationSignature roundId={d.roundId} userId={d.userId} declared={d.declared} />
  ),
};

export function GovernanceRoute() {
  return <GovernancePage signatures={signatures} />;
}
