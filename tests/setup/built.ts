import { inject } from "vitest";
import { untilBuilt } from "./background-build";

// Before each e2e file: the run's production build is done (tests/setup/global-setup.ts starts it).
await untilBuilt(inject("buildMarker"));
