import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { pythonJson, seedDemoWorkspace, startFakePlane } from '../../src/emulators/plane/index.js';
import { canonicalField, mentionedUserIds, parsePlaneDelivery, verifyPlaneSignature } from '../../src/plane/webhooks.js';
import { eventually } from '../harness/bot.js';

const SECRET = 'plane_wh_0123456789abcdef0123456789abcdef';

describe('Plane webhook signatures and deliveries', () => {
  it('verifies the hex HMAC-SHA256 of the raw bytes, and nothing else', () => {
    const body = Buffer.from('{"event": "issue", "action": "created"}');
    const good = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(verifyPlaneSignature(body, good, SECRET)).toBe(true);
    expect(verifyPlaneSignature(body, good.toUpperCase(), SECRET)).toBe(true);
    expect(verifyPlaneSignature(body, undefined, SECRET)).toBe(false);
    expect(verifyPlaneSignature(body, [good], SECRET)).toBe(false);
    expect(verifyPlaneSignature(body, `sha256=${good}`, SECRET)).toBe(false);
    expect(verifyPlaneSignature(body, good.slice(0, -1), SECRET)).toBe(false);
    expect(verifyPlaneSignature(Buffer.from('{"event":"issue","action":"created"}'), good, SECRET)).toBe(false);
    expect(verifyPlaneSignature(body, good, '')).toBe(false);
  });

  it('reads the web app field names as the API ones, and old action spellings', () => {
    expect(['state_id', 'assignee_ids', 'label_ids', 'parent_id', 'priority'].map(canonicalField)).toEqual([
      'state',
      'assignees',
      'labels',
      'parent',
      'priority',
    ]);
    const data = { id: 'w1', name: 'x', sequence_id: 3, project: 'p1', state: null, priority: 'high', assignees: [], labels: [] };
    const delivery = parsePlaneDelivery(
      Buffer.from(
        JSON.stringify({ event: 'issue', action: 'update', data, activity: { field: 'label_ids', old_value: [], new_value: ['l1'] } }),
      ),
    );
    expect(delivery).toMatchObject({ kind: 'work-item', action: 'updated', change: { field: 'labels', newValue: ['l1'] } });
    expect(parsePlaneDelivery(Buffer.from(JSON.stringify({ event: 'cycle', action: 'created', data: {} })))).toEqual({
      kind: 'other',
      event: 'cycle',
      action: 'created',
    });
    expect(() => parsePlaneDelivery(Buffer.from('not json'))).toThrow(/not JSON/);
  });

  it('finds the users mentioned in comment HTML', () => {
    const html =
      '<p>hi <mention-component entity_identifier="AB12" entity_name="user_mention"></mention-component> and <mention-component entity_name="issue" entity_identifier="x"></mention-component></p>';
    expect(mentionedUserIds(html)).toEqual(['ab12']);
  });

  it('the emulator writes bodies as Python json.dumps does', () => {
    expect(pythonJson({ a: 'Léo 😀 "q" / \\ \n', b: [1, 2.5, null, true], c: {} })).toBe(
      '{"a": "L\\u00e9o \\ud83d\\ude00 \\"q\\" / \\\\ \\n", "b": [1, 2.5, null, true], "c": {}}',
    );
  });
});

describe('the Plane emulator’s webhooks', () => {
  async function receiver() {
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
  }

  it('a web-app edit sends one signed delivery per field with the web names; an HTTP error is not retried', async () => {
    const plane = await startFakePlane({ webhooks: { allowed: ['127.0.0.0/8'], retryDelayMs: () => 10 } });
    onTestFinished(() => plane.close());
    const demo = seedDemoWorkspace(plane.db);
    const target = await receiver();
    const hook = plane.webhooks.add('acme', { url: target.url, secret: SECRET });
    plane.webApp.updateWorkItem(
      'ACME-1',
      { state_id: demo.states.Done!.id, priority: 'low', name: plane.db.workItem('ACME-1').name },
      'dana@acme.io',
    );
    await eventually(() => target.received.length === 2, 5_000, 'two deliveries');
    await plane.webhooks.settled();
    const fields = target.received.map((r) => JSON.parse(r.body).activity.field).sort();
    expect(fields).toEqual(['priority', 'state_id']);
    for (const { headers, body } of target.received) {
      expect(headers['user-agent']).toBe('Autopilot');
      expect(headers['x-plane-event']).toBe('issue');
      expect(headers['x-plane-signature']).toBe(createHmac('sha256', hook.secret_key).update(body).digest('hex'));
      expect(body).toMatch(/^\{"event": "issue", "action": "updated", /);
      expect(JSON.parse(body).data.state).toMatchObject({ name: 'Done', group: 'completed' });
    }
    expect(plane.webhooks.attempts).toHaveLength(2);
  });

  it('skips a loopback target silently unless the server allows it, and refuses bare localhost URLs', async () => {
    const plane = await startFakePlane();
    onTestFinished(() => plane.close());
    seedDemoWorkspace(plane.db);
    const target = await receiver();
    expect(() => plane.webhooks.add('acme', { url: 'http://localhost/hook' })).toThrow(/Local URLs are not allowed/);
    const hook = plane.webhooks.add('acme', { url: target.url });
    expect(hook.secret_key).toMatch(/^plane_wh_[0-9a-f]{32}$/);
    plane.webApp.addComment('ACME-1', '<p>hello</p>', 'dana@acme.io');
    await eventually(() => plane.webhooks.attempts.length === 1 && plane.webhooks.attempts[0]!.skipped, 5_000, 'the skipped attempt');
    expect(target.received).toHaveLength(0);
  });
});
