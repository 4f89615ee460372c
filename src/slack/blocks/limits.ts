/** Slack's Block Kit limits (shared/reference/slack.md §5). Lengths are JavaScript string lengths. */
export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  blockId: 255,
  textObject: 3000,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  actionId: 255,
  messageText: 40_000,
} as const;

/**
 * Our cap on the sum of all text in one message's blocks. Slack's own cap is undocumented
 * (`msg_blocks_too_long` was reported around 12–13k characters), so stay clearly below it.
 */
export const MESSAGE_BLOCK_TEXT_BUDGET = 11_000;

/** Fallback `text` is what notifications show; Slack allows 40k but a line or two is what is read. */
export const FALLBACK_TEXT_MAX = 3000;
