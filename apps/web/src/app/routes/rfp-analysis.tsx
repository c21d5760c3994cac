import { RfpAnalysisScreen } from '../../features/rfp/components/rfp-analysis-screen.tsx';

/** /rfp-analysis (protected, onboarded users; spec §2 "RFP analysis"). */
export function Component() {
  return <RfpAnalysisScreen />;
}
