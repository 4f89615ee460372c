/** Inputs meant to break a message: long, multi-line, full of Slack control syntax. */
export const PING_ATTEMPTS = '<!channel> <!here> <@U0ALICE> <#C0OPS> <!subteam^S0GRP|@team> @here @channel @everyone';
export const CONTROL_CHARS = 'Tom & Jerry <b>bold</b> a<b>c &amp; &lt;x&gt;';
export const MRKDWN_BREAKERS = '``` *bold _italic ~strike `code > quote\n```\nstill code?';
/** An emoji (a surrogate pair) every few characters, so cuts land next to one. */
export const EMOJI_RUN = '😀a'.repeat(1500);

export function long(length: number, unit = 'Title with <!channel> & words '): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

export const HOSTILE_TEXTS: readonly string[] = [
  PING_ATTEMPTS,
  CONTROL_CHARS,
  MRKDWN_BREAKERS,
  EMOJI_RUN,
  long(3000),
  long(10_000, '&'),
  `${PING_ATTEMPTS}\n${CONTROL_CHARS}\n${MRKDWN_BREAKERS}`,
  '',
  '   \n\t ',
];
