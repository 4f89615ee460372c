/** Types of mrkdwn.js for TypeScript callers (tests); the page itself is plain JavaScript. */
import type { Directory } from './html.js';
export function decodeSlackEntities(text: string): string;
export function plainTextToHtml(text: string | undefined): string;
export function mrkdwnToHtml(text: string | undefined, directory?: Directory, options?: { linkify?: boolean }): string;
