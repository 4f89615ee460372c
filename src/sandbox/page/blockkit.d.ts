/** Types of blockkit.js for TypeScript callers (tests); the page itself is plain JavaScript. */
import type { Directory } from './html.js';
export function renderBlocks(blocks: unknown, directory?: Directory): string;
export function renderBlock(block: unknown, directory?: Directory): string;
export function textObjectHtml(text: unknown, directory?: Directory): string;
export function unknownHtml(value: unknown, what: string): string;
