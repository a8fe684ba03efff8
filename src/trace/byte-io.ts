/** Where the writer puts bytes and where the reader gets them: a file or memory. */
import { closeSync, fstatSync, openSync, readSync, writeSync, ftruncateSync } from 'node:fs';

export interface ByteSink {
  /** bytes written so far */
  readonly position: number;
  write(bytes: Uint8Array): void;
  close(): void;
}

export interface ByteSource {
  readonly size: number;
  /** exactly `length` bytes at `offset` (callers bounds-check first) */
  read(offset: number, length: number): Uint8Array;
  close(): void;
}

export class FileSink implements ByteSink {
  private fd: number;
  position = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  write(bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.position + done);
    this.position += bytes.length;
  }
  close(): void {
    ftruncateSync(this.fd, this.position);
    closeSync(this.fd);
  }
}

export class MemorySink implements ByteSink {
  private parts: Uint8Array[] = [];
  position = 0;
  write(bytes: Uint8Array): void {
    this.parts.push(bytes.slice());
    this.position += bytes.length;
  }
  close(): void {}
  bytes(): Uint8Array {
    const out = new Uint8Array(this.position);
    let at = 0;
    for (const p of this.parts) { out.set(p, at); at += p.length; }
    return out;
  }
}

export class FileSource implements ByteSource {
  private fd: number;
  readonly size: number;
  constructor(path: string) {
    this.fd = openSync(path, 'r');
    this.size = fstatSync(this.fd).size;
  }
  read(offset: number, length: number): Uint8Array {
    const out = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, out, done, length - done, offset + done);
      if (n === 0) throw new Error(`short read at ${offset + done}`);
      done += n;
    }
    return out;
  }
  close(): void {
    closeSync(this.fd);
  }
}

export class MemorySource implements ByteSource {
  constructor(private readonly data: Uint8Array) {}
  get size(): number {
    return this.data.length;
  }
  read(offset: number, length: number): Uint8Array {
    return this.data.subarray(offset, offset + length);
  }
  close(): void {}
}

/**
 * `buf` with room for `more` bytes after its first `used`: `buf` itself when they fit, else a buffer
 * doubled until they do, holding a copy of those `used` bytes.
 */
export function withRoom(buf: Uint8Array<ArrayBuffer>, used: number, more: number): Uint8Array<ArrayBuffer> {
  if (used + more <= buf.length) return buf;
  let size = Math.max(buf.length * 2, 1);
  while (size < used + more) size *= 2;
  const next = new Uint8Array(size);
  next.set(buf.subarray(0, used));
  return next;
}
