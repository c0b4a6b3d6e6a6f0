/**
 * Many short strings (trip ids, offer URLs), one per trip, in one buffer with their end offsets:
 * a fraction of the memory of as many JavaScript strings, and nothing for the garbage collector
 * to walk. Written once in row order while an index is built, read a page's worth at a time.
 */
export class TextColumn {
  private bytes: Buffer;
  private readonly ends: Uint32Array;
  private used = 0;
  private count = 0;

  constructor(capacity: number, bytesEach: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(1024, capacity * bytesEach));
    this.ends = new Uint32Array(capacity + 1);
  }

  /** Appends the next row's string. */
  push(text: string): void {
    const size = Buffer.byteLength(text);
    if (this.used + size > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.used + size));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    this.ends[++this.count] = this.used;
  }

  get(row: number): string {
    return this.bytes.toString("utf8", this.ends[row], this.ends[row + 1]);
  }

  /** Gives back the room that was reserved and not used. */
  trim(): this {
    if (this.bytes.length > this.used) this.bytes = Buffer.from(this.bytes.subarray(0, this.used));
    return this;
  }
}
