import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';
import {
  buildChannelConfig,
  buildChannelConfigLoading,
  readChannelConfig,
  CHANNEL_CONFIG,
} from '../../../src/slack/intake-desk/channel-config.blocks.js';
import { HOSTILE_TEXTS, long } from './hostile.js';
import { assertModalWithinSlackLimits } from './limits.js';

const locales = ['en', 'fr', 'zh-CN'] as const;

describe('the /plane config modal, with large and hostile input', () => {
  it('keeps 400 projects of every bad length, a huge instruction and a hostile channel name within Slack’s modal limits', () => {
    for (const locale of locales) {
      for (const text of HOSTILE_TEXTS) {
        const projects = Array.from({ length: 400 }, (_, i) => ({
          identifier: i % 50 === 0 ? long(300, 'ID') : `P${i}`,
          name: text || `Project ${i}`,
        }));
        const view = buildChannelConfig(
          {
            where: `#${long(300, text || 'ops')}`,
            channel: 'C0OPS',
            projects,
            settings: { defaultProject: 'P3', instruction: long(5_000, text || 'be brief ') },
            intake: { channel: 'C0OPS', projectId: 'x', project: 'P7', emoji: long(100, 'e'), auto: true, setBy: text },
            planeOff: false,
          },
          translator(locale),
        );
        assertModalWithinSlackLimits(view);
        const select = view.blocks.find((b) => b.block_id === CHANNEL_CONFIG.intakeProject) as {
          element: { options: unknown[]; initial_option?: { value: string } };
        };
        expect(select.element.options.length).toBeLessThanOrEqual(100);
        expect(select.element.initial_option?.value).toBe('P7');
        assertModalWithinSlackLimits(buildChannelConfigLoading('C0OPS', long(5_000, text || 'x'), translator(locale)));
      }
    }
  });

  it('without Plane it offers the instruction alone', () => {
    const view = buildChannelConfig(
      { where: '#ops', channel: 'C0OPS', projects: [], settings: {}, intake: undefined, planeOff: true },
      translator('en'),
    );
    expect(view.blocks.filter((b) => b.type === 'input').map((b) => b.block_id)).toEqual([CHANNEL_CONFIG.instruction]);
  });

  it('reads a submission: "off", the emoji with or without colons, and says what is wrong', () => {
    const t = translator('en');
    const state = (emoji: string, project = '-') => ({
      [CHANNEL_CONFIG.defaultProject]: { value: { selected_option: { value: 'ACME' } } },
      [CHANNEL_CONFIG.instruction]: { value: { value: '  Answer in French.  ' } },
      [CHANNEL_CONFIG.intakeProject]: { value: { selected_option: { value: project } } },
      [CHANNEL_CONFIG.emoji]: { value: { value: emoji } },
      [CHANNEL_CONFIG.trigger]: { value: { selected_option: { value: 'auto' } } },
    });
    expect(readChannelConfig(state(':Inbox_Tray:', 'ACME'), t)).toEqual({
      values: { defaultProject: 'ACME', instruction: 'Answer in French.', intake: { project: 'ACME', emoji: 'inbox_tray', auto: true } },
    });
    expect(readChannelConfig(state('ticket'), t)).toMatchObject({ values: { intake: { project: undefined, emoji: 'ticket' } } });
    expect(readChannelConfig(state('not an emoji!'), t)).toEqual({
      errors: { [CHANNEL_CONFIG.emoji]: 'An emoji name, such as :ticket:.' },
    });
  });
});
