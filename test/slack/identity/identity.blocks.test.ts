import { describe, expect, it } from 'vitest';
import { LOCALES, translator } from '../../../src/i18n/index.js';
import { buildConnectModal, identityHomeBlocks, identityMessage } from '../../../src/slack/identity/identity.blocks.js';
import { HOSTILE_TEXTS, PING_ATTEMPTS } from '../blocks/hostile.js';
import { assertModalWithinSlackLimits, assertWithinSlackLimits } from '../blocks/limits.js';

describe('identity blocks', () => {
  it('the connect modal fits Slack in every language, with one empty token field', () => {
    for (const locale of LOCALES) {
      const view = buildConnectModal(translator(locale));
      assertModalWithinSlackLimits(view);
      const inputs = view.blocks.filter((b) => b.type === 'input');
      expect(inputs).toHaveLength(1);
      expect(JSON.stringify(inputs[0])).not.toContain('initial_value');
      expect(view.private_metadata).toBeUndefined();
    }
  });

  it('the Home section fits whatever Plane calls the person, and pings nobody', () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const text of HOSTILE_TEXTS) {
        const blocks = identityHomeBlocks({ state: 'connected', name: text, email: text }, t);
        assertWithinSlackLimits({ text: 'home', blocks });
        expect(JSON.stringify(blocks)).not.toContain('<!channel>');
      }
      for (const line of [{ state: 'off' as const }, { state: 'not_connected' as const }])
        assertWithinSlackLimits({ text: 'home', blocks: identityHomeBlocks(line, t) });
    }
    expect(JSON.stringify(identityHomeBlocks({ state: 'connected', name: PING_ATTEMPTS, email: 'a@b' }, translator('en')))).toContain(
      'identity_disconnect',
    );
  });

  it('a one-line answer fits, however long', () => {
    for (const text of HOSTILE_TEXTS.filter((t) => t.trim() !== '')) assertWithinSlackLimits(identityMessage(text));
  });
});
