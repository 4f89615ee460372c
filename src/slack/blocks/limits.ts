/**
 * The Block Kit limits the builders work to; lengths are JavaScript
 * string lengths. test/slack/blocks/limits.ts checks every limit independently.
 */
export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  textObject: 3000,
  sectionText: 3000,
  headerText: 150,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  actionId: 255,
  options: 100,
  optionText: 75,
  /** Slack allows 150; the Slack emulator refuses past 75, as an earlier limit did. */
  optionValue: 75,
  placeholder: 150,
  inputLabel: 2000,
  plainTextInput: 3000,
  modalBlocks: 100,
  modalTitle: 24,
  modalButton: 24,
  privateMetadata: 3000,
  altText: 2000,
  imageTitle: 2000,
} as const;

/**
 * Our cap on the sum of all text in one message's blocks. Slack's own cap is undocumented
 * (`msg_blocks_too_long` was reported around 12–13k characters), so stay clearly below it.
 */
export const MESSAGE_BLOCK_TEXT_BUDGET = 11_000;

/**
 * Fallback `text` is what notifications show. Slack's documents say text is truncated past 40,000
 * characters, but the Web API now answers `msg_too_long` past about 4,000 (docs/slack.md), and a
 * line or two is what is read anyway.
 */
export const FALLBACK_TEXT_MAX = 3000;
