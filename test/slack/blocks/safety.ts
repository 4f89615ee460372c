import { expect } from 'vitest';

type Json = Record<string, unknown>;

/** Every text a client shows for the message: the fallback, then each text object, tagged by kind. */
export function textsOf(message: unknown): Array<{ kind: 'fallback' | 'mrkdwn' | 'plain_text'; text: string }> {
  const found: Array<{ kind: 'fallback' | 'mrkdwn' | 'plain_text'; text: string }> = [];
  const root = message as Json;
  if (typeof root.text === 'string') found.push({ kind: 'fallback', text: root.text });
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const object = value as Json;
    if ((object.type === 'mrkdwn' || object.type === 'plain_text') && typeof object.text === 'string') {
      found.push({ kind: object.type, text: object.text });
      return;
    }
    Object.values(object).forEach(visit);
  };
  visit(root.blocks);
  return found;
}

/** Slack control sequences (`<@U1>`, `<!channel>`, `<#C1>`, `<!date^…>`) in mrkdwn and fallback text. */
export function controlSequences(message: unknown): string[] {
  return textsOf(message)
    .filter((entry) => entry.kind !== 'plain_text')
    .flatMap((entry) => entry.text.match(/<[@!#][^>]*>/g) ?? []);
}

/**
 * User text in the message can ping no one and break nothing: the only control sequences are the
 * ones the test allows (our own mentions), dates aside; no bare broadcast word; plain text holds
 * no mention syntax; every code fence is closed within its text.
 */
export function assertInert(message: unknown, allowedMentions: readonly string[] = []): void {
  const unexpected = controlSequences(message).filter(
    (sequence) => !allowedMentions.includes(sequence) && !/^<!date\^\d+\^[^|>]*\|[^|<>]+>$/.test(sequence),
  );
  expect(unexpected, 'control sequences from user text').toEqual([]);
  for (const { kind, text } of textsOf(message)) {
    expect(text, `${kind} with a live broadcast word`).not.toMatch(/(^|[^\u200b])@(here|channel|everyone)\b/i);
    if (kind === 'plain_text') expect(text, 'plain_text with mention syntax').not.toMatch(/<[@!#]/);
    if (kind !== 'plain_text') {
      expect(text.match(/```/g)?.length ?? 0, `unbalanced code fences in ${kind}: ${text.slice(0, 80)}`).toSatisfy(
        (count: number) => count % 2 === 0,
      );
    }
  }
}
