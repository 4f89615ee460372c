import { afterAll, beforeAll, describe } from 'vitest';
import { emulatorTarget } from './contract/emulator-target.js';
import { planeContract } from './contract/suite.js';
import type { ContractTarget } from './contract/target.js';

// The contract suite against the emulator; test/plane-ce/contract.suite.ts runs it against the real Plane.
describe('the Plane contract, on the emulator', () => {
  let target: Awaited<ReturnType<typeof emulatorTarget>>;
  beforeAll(async () => {
    target = await emulatorTarget();
  });
  afterAll(() => target.close());
  planeContract((): ContractTarget => target);
});
