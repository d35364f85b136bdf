// A growable list of 32-bit integers: the flat trees of xml.ts and json.ts keep their records
// in one, which the garbage collector never scans (an array push of several numbers at once
// also runs far slower in V8 than stores into a typed array).

export class IntList {
  data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }

  /** Room for `n` more numbers at `length`; returns where they start (the caller stores them). */
  reserve(n: number): number {
    const at = this.length;
    if (at + n > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, at + n));
      grown.set(this.data);
      this.data = grown;
    }
    this.length = at + n;
    return at;
  }
}
