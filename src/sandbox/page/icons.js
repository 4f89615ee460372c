/**
 * The page's few icons, as inline SVG: emoji fonts are not everywhere (a bare Linux, a headless
 * browser), and the page loads no image files.
 */

const svg = (path) =>
  `<svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><path fill="currentColor" d="${path}"/></svg>`;

export const ICONS = {
  eye: svg(
    'M8 3C4.4 3 1.6 5.4.5 8c1.1 2.6 3.9 5 7.5 5s6.4-2.4 7.5-5C14.4 5.4 11.6 3 8 3zm0 8.2A3.2 3.2 0 1 1 8 4.8a3.2 3.2 0 0 1 0 6.4zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z',
  ),
  lock: svg('M4.5 7V5a3.5 3.5 0 0 1 7 0v2H13v8H3V7h1.5zm1.6 0h3.8V5a1.9 1.9 0 0 0-3.8 0v2z'),
  stop: svg('M3 3h10v10H3z'),
  reply: svg('M2 3h12v8H6l-3 3v-3H2V3zm1.5 1.5v5h1v1.4L5.9 9.5h6.6v-5h-9z'),
};
