import { beforeEach, describe } from 'vitest';
import { cycleToolContract } from '../plane/cycle-contract.js';
import { resetPlaneCe } from './fixture.js';
import { realPlane } from './plane-ce.js';

const plane = realPlane();

describe.skipIf(!plane)('cycle and module tools (the real Plane CE)', () => {
  // Each test starts from the seed: one of them adds items to the cycle and the module.
  beforeEach(() => resetPlaneCe(plane!.env));
  cycleToolContract(() => ({ url: plane!.url, apiKey: plane!.apiKey }));
});
