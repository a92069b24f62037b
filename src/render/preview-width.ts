/**
 * A line width that shows at least `px` wide in Discord's preview of a picture `width` px
 * wide (on a whole map a hex-sized width is a hairline at 550 px), and never less than `own`.
 */
export function previewWidth(own: number, px: number, width: number): number {
  return Math.max(own, (px * width) / 550);
}
