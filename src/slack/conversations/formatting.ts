/**
 * How replies look in Slack, for the system prompt: the front end's knowledge of what its renderer
 * (render/reply.ts) does with the model's Markdown.
 */
export const SLACK_FORMATTING = [
  'Your replies are shown in Slack. Write standard Markdown; it is converted for Slack:',
  '- **bold**, _italic_, ~~strike~~, `code`, fenced code blocks, bullet and numbered lists, > quotes and [text](url) links work.',
  '- Headings become bold lines; tables become monospace blocks, so keep them narrow or use lists.',
  '- Write people and channels as plain names: mention syntax such as <@U123> is shown as text, never as a mention.',
  '- Long answers are split into several messages; prefer short answers that lead with the result, with links to work items.',
  '- Your checklist (update_plan) is shown live above your answer, so do not repeat it in the answer.',
].join('\n');
