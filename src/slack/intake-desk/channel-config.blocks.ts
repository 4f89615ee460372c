import type { Translator } from '../../i18n/index.js';
import { INSTRUCTION_MAX } from '../../intake-desk/defaults.js';
import type { ChannelSettings, IntakeChannel } from '../../intake-desk/records.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { escapeTruncated, modalFrame, mrkdwn, plainText, truncate } from '../blocks/text.js';
import type { InputBlock, ModalView, OptionObject } from '../blocks/types.js';

/** `/plane config`'s modal: its callback_id, its fields' block_ids, and the one action_id of each. */
export const CHANNEL_CONFIG = {
  callbackId: 'channel_config',
  defaultProject: 'config_default_project',
  instruction: 'config_instruction',
  intakeProject: 'config_intake_project',
  emoji: 'config_emoji',
  trigger: 'config_trigger',
  action: 'value',
} as const;

/** The intake menu's "off", and the trigger menu's two values. */
export const INTAKE_OFF = '-';
export const TRIGGERS = { emoji: 'emoji', auto: 'auto' } as const;

/** Slack's emoji names are at most 100 characters; the field takes them with their colons. */
const EMOJI_FIELD_MAX = 102;
const EMOJI = /^:?([a-z0-9_+'-]{1,100}):?$/i;

/** A project as the menus show it. */
export interface ConfigProject {
  identifier: string;
  name: string;
}

export interface ChannelConfigState {
  /** `#ops` or "this conversation", for the modal's first line. */
  where: string;
  channel: string;
  projects: readonly ConfigProject[];
  settings: ChannelSettings;
  intake: IntakeChannel | undefined;
  /** Plane is not configured: only the instruction can be set. */
  planeOff: boolean;
}

const label = (text: string) => plainText(text, SLACK_LIMITS.inputLabel);
const hint = (text: string) => plainText(text, SLACK_LIMITS.inputLabel);

function select(
  blockId: string,
  title: string,
  help: string,
  options: OptionObject[],
  chosen: string | undefined,
  placeholder: string,
): InputBlock {
  const initial = options.find((o) => o.value === chosen);
  return {
    type: 'input',
    block_id: blockId,
    label: label(title),
    hint: hint(help),
    optional: true,
    element: {
      type: 'static_select',
      action_id: CHANNEL_CONFIG.action,
      placeholder: plainText(placeholder, SLACK_LIMITS.placeholder),
      options,
      ...(initial && { initial_option: initial }),
    },
  };
}

/**
 * The channel's settings in one modal: its default project (used when a request there names
 * none), an instruction for the agent (guidance under its rules, which can lift no permission),
 * and the intake desk (the project, the emoji, or every new message).
 */
export function buildChannelConfig(state: ChannelConfigState, t: Translator): ModalView {
  // Identifiers are short (Plane caps them at 12), so they fit an option's value.
  const projects: OptionObject[] = state.projects
    .filter((p) => p.identifier.length > 0 && p.identifier.length <= SLACK_LIMITS.optionValue)
    .slice(0, SLACK_LIMITS.options - 1)
    .map((p) => ({ text: plainText(`${p.identifier} · ${p.name}`, SLACK_LIMITS.optionText), value: p.identifier }));
  const instruction = truncate(state.settings.instruction ?? '', INSTRUCTION_MAX);
  const blocks: ModalView['blocks'] = [
    { type: 'section', text: mrkdwn(escapeTruncated(t.t('config.intro', { where: state.where }), 500)) },
  ];
  if (!state.planeOff) {
    blocks.push(
      select(
        CHANNEL_CONFIG.defaultProject,
        t.t('config.defaultProject'),
        t.t('config.defaultProjectHint'),
        projects,
        state.settings.defaultProject,
        t.t('config.chooseProject'),
      ),
    );
  }
  blocks.push({
    type: 'input',
    block_id: CHANNEL_CONFIG.instruction,
    label: label(t.t('config.instruction')),
    hint: hint(t.t('config.instructionHint', { max: INSTRUCTION_MAX })),
    optional: true,
    element: {
      type: 'plain_text_input',
      action_id: CHANNEL_CONFIG.action,
      multiline: true,
      max_length: INSTRUCTION_MAX,
      ...(instruction !== '' && { initial_value: instruction }),
    },
  });
  if (!state.planeOff) {
    const off: OptionObject = { text: plainText(t.t('config.intakeOff'), SLACK_LIMITS.optionText), value: INTAKE_OFF };
    const triggers: OptionObject[] = [
      { text: plainText(t.t('config.triggerEmoji'), SLACK_LIMITS.optionText), value: TRIGGERS.emoji },
      { text: plainText(t.t('config.triggerAuto'), SLACK_LIMITS.optionText), value: TRIGGERS.auto },
    ];
    blocks.push(
      { type: 'divider' },
      select(
        CHANNEL_CONFIG.intakeProject,
        t.t('config.intake'),
        t.t('config.intakeHint'),
        [off, ...projects],
        state.intake?.project ?? INTAKE_OFF,
        t.t('config.chooseProject'),
      ),
      {
        type: 'input',
        block_id: CHANNEL_CONFIG.emoji,
        label: label(t.t('config.emoji')),
        optional: true,
        element: {
          type: 'plain_text_input',
          action_id: CHANNEL_CONFIG.action,
          max_length: EMOJI_FIELD_MAX,
          initial_value: truncate(`:${state.intake?.emoji ?? 'ticket'}:`, EMOJI_FIELD_MAX),
        },
      },
      select(
        CHANNEL_CONFIG.trigger,
        t.t('config.trigger'),
        t.t('config.triggerHint'),
        triggers,
        state.intake?.auto ? TRIGGERS.auto : TRIGGERS.emoji,
        t.t('config.trigger'),
      ),
    );
  }
  return {
    ...modalFrame({
      callbackId: CHANNEL_CONFIG.callbackId,
      title: t.t('config.title'),
      submit: t.t('config.save'),
      close: t.t('config.cancel'),
    }),
    private_metadata: truncate(JSON.stringify({ channel: state.channel, where: state.where }), SLACK_LIMITS.privateMetadata),
    blocks,
  };
}

/** Shown at once when Plane's project list is not at hand within the trigger's three seconds. */
export function buildChannelConfigLoading(channel: string, where: string, t: Translator): ModalView {
  return {
    ...modalFrame({ callbackId: CHANNEL_CONFIG.callbackId, title: t.t('config.title'), close: t.t('config.cancel') }),
    private_metadata: truncate(JSON.stringify({ channel, where }), SLACK_LIMITS.privateMetadata),
    blocks: [{ type: 'section', text: mrkdwn(`:hourglass_flowing_sand: ${escapeTruncated(t.t('config.loading'), 300)}`) }],
  };
}

/** What the person chose, as the submission reports it. */
export interface ChannelConfigValues {
  defaultProject: string | undefined;
  instruction: string | undefined;
  /** Undefined: the modal had no intake fields (Plane off). */
  intake?: { project: string | undefined; emoji: string; auto: boolean };
}

type ViewState = Record<string, Record<string, { value?: string | null; selected_option?: { value: string } | null }>>;

/** The submitted modal's values, or each field's problem by block_id. */
export function readChannelConfig(values: ViewState, t: Translator): { errors: Record<string, string> } | { values: ChannelConfigValues } {
  const field = (blockId: string) => values[blockId]?.[CHANNEL_CONFIG.action];
  const chosen = (blockId: string) => field(blockId)?.selected_option?.value ?? undefined;
  const typed = (blockId: string) => field(blockId)?.value?.trim() || undefined;
  const errors: Record<string, string> = {};
  const instruction = typed(CHANNEL_CONFIG.instruction);
  if (instruction && instruction.length > INSTRUCTION_MAX)
    errors[CHANNEL_CONFIG.instruction] = t.t('config.instructionTooLong', { max: INSTRUCTION_MAX });
  const result: ChannelConfigValues = { defaultProject: chosen(CHANNEL_CONFIG.defaultProject), instruction };
  if (values[CHANNEL_CONFIG.intakeProject]) {
    const project = chosen(CHANNEL_CONFIG.intakeProject);
    const emoji = EMOJI.exec(typed(CHANNEL_CONFIG.emoji) ?? 'ticket');
    if (!emoji) errors[CHANNEL_CONFIG.emoji] = t.t('config.badEmoji');
    result.intake = {
      project: project === INTAKE_OFF ? undefined : project,
      emoji: emoji?.[1]?.toLowerCase() ?? 'ticket',
      auto: chosen(CHANNEL_CONFIG.trigger) === TRIGGERS.auto,
    };
  }
  return Object.keys(errors).length > 0 ? { errors } : { values: result };
}
