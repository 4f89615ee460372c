import type { Translator } from '../../i18n/index.js';
import { ACTION_IDS, CALLBACK_IDS } from '../blocks/action-ids.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, modalFrame, mrkdwn, oneLine, plainText, truncate, truncateMrkdwn } from '../blocks/text.js';
import type { Block, ModalView, SlackMessage } from '../blocks/types.js';

/** The connect modal's one field. */
export const TOKEN_FIELD = { block: 'plane_token', action: 'token' } as const;

/** Plane's tokens are `plane_api_` and 32 hex digits; room for other installs' longer ones. */
const TOKEN_MAX = 200;

/**
 * `/plane connect`'s modal: one token field, empty. It is never built with a token in it: an error
 * goes back as the field's error (Slack keeps what was typed in the person's own client), and a
 * success closes the modal.
 */
export function buildConnectModal(t: Translator): ModalView {
  return {
    ...modalFrame({
      callbackId: CALLBACK_IDS.connectForm,
      title: t.t('identity.modal.title'),
      submit: t.t('identity.modal.submit'),
      close: t.t('identity.modal.cancel'),
    }),
    blocks: [
      { type: 'section', text: mrkdwn(t.t('identity.modal.intro')) },
      {
        type: 'input',
        block_id: TOKEN_FIELD.block,
        label: plainText(t.t('identity.modal.label'), SLACK_LIMITS.inputLabel),
        hint: plainText(t.t('identity.modal.hint'), SLACK_LIMITS.inputLabel),
        element: {
          type: 'plain_text_input',
          action_id: TOKEN_FIELD.action,
          min_length: 8,
          max_length: TOKEN_MAX,
          placeholder: plainText('plane_api_…', SLACK_LIMITS.placeholder),
        },
      },
    ],
  };
}

/** What the Home tab says of the person's Plane identity. */
export type IdentityLine = { state: 'off' } | { state: 'not_connected' } | { state: 'connected'; name: string; email: string };

/** The Home tab's identity section: whom Plane sees, and the button that changes it. */
export function identityHomeBlocks(line: IdentityLine, t: Translator): Block[] {
  const title: Block = { type: 'section', text: mrkdwn(`*${escapeTruncated(t.t('identity.home.title'), 200)}*`) };
  if (line.state === 'off') return [title, { type: 'context', elements: [mrkdwn(escapeTruncated(t.t('identity.home.off'), 1000))] }];
  const connected = line.state === 'connected';
  const text = connected
    ? t.t('identity.home.connected', { name: escapeTruncated(oneLine(line.name), 100), email: escapeTruncated(oneLine(line.email), 200) })
    : t.t('identity.home.notConnected');
  return [
    title,
    {
      type: 'section',
      text: mrkdwn(text),
      accessory: connected
        ? button({ text: t.t('identity.home.disconnect'), actionId: ACTION_IDS.identityDisconnect, style: 'danger' })
        : button({ text: t.t('identity.home.connect'), actionId: ACTION_IDS.identityConnect, style: 'primary' }),
    },
  ];
}

/** A one-line answer about the person's identity (connected, disconnected, a fallback): text and one section. */
export function identityMessage(text: string): SlackMessage {
  return {
    text: truncate(text, SLACK_LIMITS.sectionText),
    blocks: [{ type: 'section', text: mrkdwn(truncateMrkdwn(text, SLACK_LIMITS.sectionText)) }],
  };
}
