import { png } from '#test/support/images.js';
import { sniffImage } from './image-sniffer.js';

describe('Image sniffing', () => {
  it('recognises a PNG and reads its size', () =>
    expect(sniffImage(png(200, 100))).toEqual({
      mimeType: 'image/png',
      extension: 'png',
      width: 200,
      height: 100,
    }));

  it('recognises a JPEG and reads its size from the first frame header', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x01, 0x90, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ];
    expect(sniffImage(Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]))).toEqual({
      mimeType: 'image/jpeg',
      extension: 'jpg',
      width: 400,
      height: 100,
    });
  });

  it('recognises a GIF', () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0xc8, 0x00, 0x64, 0x00]),
      Buffer.alloc(8),
    ]);
    expect(sniffImage(gif)).toEqual({ mimeType: 'image/gif', extension: 'gif', width: 200, height: 100 });
  });

  it('recognises a WebP (extended header)', () => {
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBP', 8, 'latin1');
    webp.write('VP8X', 12, 'latin1');
    webp.writeUIntLE(199, 24, 3);
    webp.writeUIntLE(99, 27, 3);
    expect(sniffImage(webp)).toEqual({ mimeType: 'image/webp', extension: 'webp', width: 200, height: 100 });
  });

  it.each([
    ['text', Buffer.from('hello, not an image')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['nothing', Buffer.alloc(0)],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
  ])('refuses %s', (_, bytes) => expect(sniffImage(bytes)).toBeNull());
});
