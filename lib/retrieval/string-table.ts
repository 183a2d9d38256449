// Strings ↔ dense ids (0, 1, 2, … in the order first seen), held off the JS heap: the code units of
// every string back to back in one array (a byte each while every one is below 256, as most
// terms' are; 16 bits each from the first wider one on), each string's start and hash, and an
// open-addressing hash table (linear probing, FNV-1a over the code units) of ids. The keyword
// index's dictionary (lexical.ts TermDictionary) holds every word and bigram of the pool: at 1M
// generated samples 3.5M terms, which as a Map of strings were 281 MB of heap and millions of
// objects that every full collection marked (a forced one took 463 ms); here they are four typed
// arrays (128 MB reserved) that the collector does not look into.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** String.fromCharCode takes its code units as arguments: a long string is decoded in pieces. */
const DECODE_PIECE = 8192;

function hashOf(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h | 0;
}

function latin1(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
}

function grown<T extends Int32Array | Uint16Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, 2 * a.length));
  next.set(a);
  return next;
}

export class StringTable {
  /** Latin-1 (one byte per code unit) until a string holds a wider code unit. */
  private chars: Uint8Array | Uint16Array = new Uint8Array(1 << 12);
  private used = 0;
  /** start[id] .. start[id + 1]: the string's code units in `chars`. */
  private start = new Int32Array(1 << 10);
  private hashes = new Int32Array(1 << 10);
  /** id + 1 per slot, 0 where empty; a power of two, at most half full. */
  private slots = new Int32Array(1 << 11);
  private n = 0;

  get count(): number {
    return this.n;
  }

  private equals(id: number, s: string): boolean {
    const from = this.start[id];
    if (this.start[id + 1] - from !== s.length) return false;
    const c = this.chars;
    for (let i = 0; i < s.length; i++) if (c[from + i] !== s.charCodeAt(i)) return false;
    return true;
  }

  /** The slot holding `s`, or the empty slot where it would go. */
  private slotOf(s: string, h: number): number {
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = this.slots[i];
      if (v === 0 || (this.hashes[v - 1] === h && this.equals(v - 1, s))) return i;
    }
  }

  /** The id of `s`, undefined when it was never added. */
  find(s: string): number | undefined {
    const v = this.slots[this.slotOf(s, hashOf(s))];
    return v === 0 ? undefined : v - 1;
  }

  /** The id of `s`, added when new. */
  id(s: string): number {
    const h = hashOf(s);
    const slot = this.slotOf(s, h);
    if (this.slots[slot] !== 0) return this.slots[slot] - 1;
    const id = this.n++;
    if (this.chars instanceof Uint8Array && !latin1(s)) this.chars = Uint16Array.from(this.chars);
    this.chars = grown(this.chars, this.used + s.length);
    for (let i = 0; i < s.length; i++) this.chars[this.used + i] = s.charCodeAt(i);
    this.used += s.length;
    this.start = grown(this.start, id + 2);
    this.start[id + 1] = this.used;
    this.hashes = grown(this.hashes, id + 1);
    this.hashes[id] = h;
    this.slots[slot] = id + 1;
    if (2 * this.n > this.slots.length) this.rehash(2 * this.slots.length);
    return id;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.n; id++) {
      let i = this.hashes[id] & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.slots = slots;
  }

  /** The string of id `id` (0 ≤ id < count). */
  get(id: number): string {
    const from = this.start[id];
    const to = this.start[id + 1];
    let out = "";
    for (let at = from; at < to; at += DECODE_PIECE) {
      out += String.fromCharCode.apply(null, this.chars.subarray(at, Math.min(to, at + DECODE_PIECE)) as unknown as number[]);
    }
    return out;
  }

  /** Whether the string of id `id` holds the code unit `unit`. */
  includesUnit(id: number, unit: number): boolean {
    for (let i = this.start[id]; i < this.start[id + 1]; i++) if (this.chars[i] === unit) return true;
    return false;
  }

  /** Bytes held (the typed arrays' lengths, what is reserved for growth included). */
  get bytes(): number {
    return this.chars.byteLength + this.start.byteLength + this.hashes.byteLength + this.slots.byteLength;
  }
}
