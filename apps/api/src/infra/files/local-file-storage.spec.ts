import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalFileStorage } from './local-file-storage.js';

describe('LocalFileStorage', () => {
  let root: string;
  let files: LocalFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'files-'));
    files = new LocalFileStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes a stream as it comes and reads it back as a stream', async () => {
    await files.putStream('runs/a.zip', Readable.from(['one ', 'two ', 'three']));
    expect(await text((await files.getStream('runs/a.zip'))!)).toBe('one two three');
    expect((await files.get('runs/a.zip'))!.toString()).toBe('one two three');
  });

  it('answers null for a file that is not there', async () => {
    expect(await files.getStream('runs/none.zip')).toBeNull();
  });

  it('leaves no file, not even a part, when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push('half');
        this.destroy(new Error('the writer stopped'));
      },
    });
    await expect(files.putStream('runs/b.zip', failing)).rejects.toThrow('the writer stopped');
    expect(await files.getStream('runs/b.zip')).toBeNull();
    expect(await readdir(join(root, 'runs'))).toEqual([]);
  });
});
