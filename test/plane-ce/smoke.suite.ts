import { beforeAll, describe, expect, it } from 'vitest';
import { resetPlaneCe } from './fixture.js';
import { planeCeKit, realPlane } from './plane-ce.js';

const plane = realPlane();

describe.skipIf(!plane)('the real Plane CE', () => {
  beforeAll(() => resetPlaneCe(plane!.env));

  it('answers the kit with its seeded project and work items', async () => {
    const kit = planeCeKit(plane!);
    const api = kit.api();
    const projects = await api.projects('acme');
    expect(projects.map((p) => p.identifier).sort()).toEqual(['ACME', 'OPS']);
    const item = await api.workItemByKey('acme', 'ACME-1');
    expect(item.name).toBe('Login fails with SSO');
  });
});
