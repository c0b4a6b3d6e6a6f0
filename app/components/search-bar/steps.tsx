import type { Step } from "./model";
import type { StepProps } from "./step-parts";
import { WhenStep } from "./when-step";
import { WhereStep } from "./where-step";
import { WhoStep } from "./who-step";

// A step's fields, for the desktop search bar's panel: loaded when a panel first opens (or the
// bar is first pointed at or focused), so the page's first script does not carry them.

export default function StepFields({ step, ...props }: StepProps & { step: Step }) {
  if (step === "where") return <WhereStep {...props} active />;
  if (step === "who") return <WhoStep {...props} />;
  return <WhenStep {...props} />;
}
