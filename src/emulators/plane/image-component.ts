import { randomUUID } from 'node:crypto';

/**
 * The editor's image markup: `src` is the asset UUID for uploaded images (or an
 * absolute URL for external ones); `id` is the editor node id, not the asset.
 */
export function imageComponent(src: string, size: { width?: number; height?: number } = {}): string {
  const width = size.width ?? 640;
  const height = size.height ?? 360;
  const ratio = Math.round((width / height) * 10_000) / 10_000;
  return (
    `<image-component src="${src}" id="${randomUUID()}" width="${width}px" height="${height}px" ` +
    `aspectratio="${ratio}" alignment="center" status="uploaded"></image-component>`
  );
}
