/**
 * The proof of delivery's pictures, made small enough for the contract before they are kept and sent: the signature
 * a PNG of at most 50 KB, the photo a JPEG of at most 300 KB.
 */

export const SIGNATURE_MAX_BYTES = 50 * 1024;
export const PHOTO_MAX_BYTES = 300 * 1024;

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Width and height that fit within `max` on the longer side, keeping the proportions. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function redraw(source: CanvasImageSource, width: number, height: number, background: string | null) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** The signature as a PNG: 600 px wide at most, smaller until it is within 50 KB. */
export function signaturePng(canvas: HTMLCanvasElement): string {
  let max = 600;
  for (;;) {
    const size = fitWithin(canvas.width, canvas.height, max);
    const url = redraw(canvas, size.width, size.height, null).toDataURL('image/png');
    if (dataUrlBytes(url) <= SIGNATURE_MAX_BYTES || max <= 150) return url;
    max = Math.round(max * 0.75);
  }
}

/** A photo from the camera as a JPEG: 1280 px at most, lower quality and size until it is within 300 KB. */
export async function photoJpeg(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  let max = 1280;
  let quality = 0.8;
  for (;;) {
    const size = fitWithin(bitmap.width, bitmap.height, max);
    const url = redraw(bitmap, size.width, size.height, '#fff').toDataURL('image/jpeg', quality);
    if (dataUrlBytes(url) <= PHOTO_MAX_BYTES || max <= 320) return url;
    if (quality > 0.5) quality -= 0.15;
    else max = Math.round(max * 0.75);
  }
}
