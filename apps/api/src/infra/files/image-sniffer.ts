/**
 * Recognises an image by its first bytes (magic numbers), never by the client's file name or MIME type, and reads
 * its pixel size from the header when it can. SVG is not accepted: it can carry script.
 */
export interface SniffedImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number | null;
  height: number | null;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const ok = bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR';
    return {
      mimeType: 'image/png',
      extension: 'png',
      width: ok ? bytes.readUInt32BE(16) : null,
      height: ok ? bytes.readUInt32BE(20) : null,
    };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { mimeType: 'image/jpeg', extension: 'jpg', ...jpegSize(bytes) };
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    const ok = bytes.length >= 10;
    return {
      mimeType: 'image/gif',
      extension: 'gif',
      width: ok ? bytes.readUInt16LE(6) : null,
      height: ok ? bytes.readUInt16LE(8) : null,
    };
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return { mimeType: 'image/webp', extension: 'webp', ...webpSize(bytes) };
  }
  return null;
}

const UNKNOWN = { width: null, height: null };

/** Walks the JPEG markers to the first start-of-frame (SOF0–SOF15 except DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number | null; height: number | null } {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return UNKNOWN;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return UNKNOWN;
}

function webpSize(bytes: Buffer): { width: number | null; height: number | null } {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return UNKNOWN;
}
