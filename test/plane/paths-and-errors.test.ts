import { describe, expect, it } from 'vitest';
import { phrase, translator } from '../../src/i18n/index.js';
import { planeErrorText, planeHttpError } from '../../src/plane/errors.js';
import { pathStyleFor, workItemPaths } from '../../src/plane/paths.js';
import { parseKey } from '../../src/plane/resolve.js';

describe('path families', () => {
  it('uses /work-items/ from v1.1.0 on and /issues/ before', () => {
    expect(pathStyleFor('v1.3.1')).toBe('work-items');
    expect(pathStyleFor('1.1.0')).toBe('work-items');
    expect(pathStyleFor('v2.0.0')).toBe('work-items');
    expect(pathStyleFor('v1.0.0')).toBe('issues');
    expect(pathStyleFor('v0.28.0')).toBe('issues');
    expect(pathStyleFor(undefined)).toBe('work-items');
  });

  it('names attachments differently in the two families', () => {
    expect(workItemPaths('work-items').attachment('acme', 'p', 'w', 'a')).toBe(
      '/api/v1/workspaces/acme/projects/p/work-items/w/attachments/a/',
    );
    expect(workItemPaths('issues').attachment('acme', 'p', 'w', 'a')).toBe(
      '/api/v1/workspaces/acme/projects/p/issues/w/issue-attachments/a/',
    );
    expect(workItemPaths('issues').byKey('acme', 'ACME-1')).toBe('/api/v1/workspaces/acme/issues/ACME-1/');
  });
});

describe('Plane error messages', () => {
  it('reads the three body shapes', () => {
    expect(planeErrorText({ detail: 'Invalid cursor parameter.' })).toBe('Invalid cursor parameter.');
    expect(planeErrorText({ error: 'The requested resource does not exist.' })).toBe('The requested resource does not exist.');
    expect(planeErrorText({ error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' })).toBe('RATE_LIMIT_EXCEEDED');
    expect(planeErrorText({ priority: ['"p0" is not a valid choice.'] })).toBe('priority: "p0" is not a valid choice.');
  });

  it('explains 401, the two 403s, 404 and 5xx', () => {
    expect(planeHttpError(401, { detail: 'Authentication credentials were not provided.' }, { what: 'x' }).message).toMatch(
      /no API key was sent.*PLANE_API_KEY/,
    );
    expect(planeHttpError(403, { detail: 'Given API token is not valid' }, { what: 'x' }).message).toMatch(
      /rejected the API key.*unknown, expired or inactive/,
    );
    const denied = planeHttpError(403, { detail: 'You do not have permission to perform this action.' }, { what: 'work item ACME-1' });
    expect(denied.message).toMatch(/refused access to work item ACME-1.*not a member/);
    expect(
      planeHttpError(404, { error: 'The requested resource does not exist.' }, { what: 'work item ACME-9 in workspace acme' }).message,
    ).toBe('Plane has no work item ACME-9 in workspace acme (404).');
    expect(planeHttpError(404, { error: 'Page not found.' }, { what: 'members' }).message).toMatch(/does not serve the route/);
    expect(planeHttpError(502, 'Bad gateway', { what: 'projects' }).message).toMatch(/server error \(502\) on projects; try again later/);
    expect(planeHttpError(500, {}, { what: 'p' }).status).toBe(500);
  });

  it('carries a phrase whose English is the message, said in another language with Plane’s words and the request kept', () => {
    const fr = translator('fr');
    const denied = planeHttpError(403, { detail: 'You do not have permission.' }, { what: 'work item ACME-1' });
    expect(denied.message).toBe(translator('en').say(denied.phrases![0]!));
    expect(denied.sayTo(fr)).toMatch(
      /^Plane a refusé l’accès à work item ACME-1 \(403\)\u202f: .*Plane a répondu\u202f: «\u202fYou do not have permission\.\u202f»$/,
    );
    expect(planeHttpError(429, {}, { what: 'p' }).sayTo(translator('zh-CN'))).toMatch(/速率限制/);
    expect(planeHttpError(502, '', { what: 'projects' }).sayTo(fr)).toBe(
      'Plane a échoué sur une erreur serveur (502) pour projects\u202f; réessayez plus tard.',
    );
    const missing = planeHttpError(
      404,
      {},
      { what: 'work item ACME-9 in workspace acme', missing: phrase('planeError.noItem', { key: 'ACME-9', slug: 'acme' }) },
    );
    expect(missing.message).toBe('Plane has no work item ACME-9 in workspace acme (404).');
    expect(missing.sayTo(fr)).toBe('Plane n’a pas d’élément de travail ACME-9 dans l’espace de travail acme (404).');
  });
});

describe('parseKey', () => {
  it('upper-cases and splits keys', () => {
    expect(parseKey(' acme-130 ')).toEqual({ key: 'ACME-130', identifier: 'ACME', sequence: 130 });
    expect(parseKey('WEB2-007')).toEqual({ key: 'WEB2-7', identifier: 'WEB2', sequence: 7 });
  });

  it('refuses what is not a key', () => {
    expect(() => parseKey('ACME-abc')).toThrow(/not a work item key; keys look like ACME-130/);
    expect(() => parseKey('130')).toThrow(/not a work item key/);
  });
});
